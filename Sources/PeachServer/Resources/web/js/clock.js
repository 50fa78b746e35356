// Waiting on the audio clock rather than on wall-clock guesses.

/** The context time the listener hears right now: what is rendered now reaches the ears one output latency later. */
export function audibleTime(context) {
  return context.currentTime - (context.outputLatency || context.baseLatency || 0);
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
