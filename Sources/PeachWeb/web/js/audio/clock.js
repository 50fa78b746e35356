// Waiting on the audio clock rather than on wall-clock guesses, and mapping that clock to what the
// listener hears and does. Every such mapping goes through this module.

/**
 * How long after the audio clock reaches a time the listener hears it: the context's own
 * processing (baseLatency) and then the device's (outputLatency), one after the other.
 */
export function outputDelay(context) {
  return (context.baseLatency || 0) + (context.outputLatency || 0);
}

/** The context time the listener hears right now. */
export function audibleTime(context) {
  return context.currentTime - outputDelay(context);
}

/** The context time heard at `timeStamp` (an event's, in milliseconds on performance.now()'s clock). */
export function heardAt(context, timeStamp) {
  const output = context.getOutputTimestamp?.();
  // Its contextTime is the sample reaching the output at performanceTime: it already lags
  // currentTime by the output delay, which must not be subtracted again.
  if (output && output.performanceTime > 0) return output.contextTime + (timeStamp - output.performanceTime) / 1000;
  // No output timestamp yet (or none in this browser): what is rendered now is heard one delay later.
  return audibleTime(context) - (performance.now() - timeStamp) / 1000;
}

/** Resolves true once `time` is audible, or false as soon as `isCancelled()` turns true. */
export function untilAudible(context, time, isCancelled = () => false) {
  return new Promise((resolve) => {
    const check = () => {
      if (isCancelled()) return resolve(false);
      const remaining = time - audibleTime(context);
      if (remaining <= 0) return resolve(true);
      // Sleep most of the way, then poll finely: timers drift, the audio clock does not.
      setTimeout(check, remaining > 0.02 ? (remaining - 0.01) * 1000 : 1);
    };
    check();
  });
}
