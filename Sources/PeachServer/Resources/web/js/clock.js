// Waiting on the audio clock rather than on wall-clock guesses.

/** Resolves once `context.currentTime` has reached `time`, or with false if `isCancelled()` turns true. */
export function untilContextTime(context, time, isCancelled = () => false) {
  return new Promise((resolve) => {
    const check = () => {
      if (isCancelled()) return resolve(false);
      const remaining = time - context.currentTime;
      if (remaining <= 0) return resolve(true);
      // Sleep most of the way, then poll finely: timers drift, the audio clock does not.
      setTimeout(check, remaining > 0.02 ? (remaining - 0.01) * 1000 : 1);
    };
    check();
  });
}
