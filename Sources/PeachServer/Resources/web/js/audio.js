// Sine notes on Web Audio. Every function takes the BaseAudioContext to build on, so a test can hand
// it an OfflineAudioContext and measure exactly what a user would hear.

/** A 5 ms raised-cosine ramp keeps the spectral splatter of the on/off edges ~80 dB below the tone. */
export const RAMP_SECONDS = 0.005;
/** Note 1's level; leaves headroom for "vary loudness" to raise note 2. */
export const BASE_LEVEL_DB = -12;
/**
 * How fast a playing note glides to a new frequency. 2 ms smooths each slider step into a glide (no
 * zipper noise; the sine's phase stays continuous, so no click) and settles within 0.01 ¢ of even a
 * 200 ¢ jump in 20 ms (e^-10 of the step), inside the 20 ms the slider is allowed.
 */
export const RETUNE_TIME_CONSTANT_SECONDS = 0.002;

const RAMP_POINTS = 128;
const rampUp = new Float32Array(RAMP_POINTS).map((_, i) => 0.5 - 0.5 * Math.cos((Math.PI * i) / (RAMP_POINTS - 1)));
const rampDown = rampUp.slice().reverse();

const dbToGain = (db) => 10 ** (db / 20);

let sharedContext = null;

/** The page's realtime context, created on first use (inside a user gesture, so it may start). */
export function realtimeContext() {
  if (!sharedContext) sharedContext = new AudioContext({ latencyHint: 'interactive' });
  return sharedContext;
}

/**
 * Schedules one note: starts at `start` (context time), releases after `duration` seconds, or
 * sounds until `stop()` when `duration` is null. Returns a handle whose stop() is idempotent.
 */
export function scheduleNote(context, { frequencyHz, start, duration = null, levelDB = 0, destination = context.destination }) {
  const oscillator = new OscillatorNode(context, { type: 'sine', frequency: frequencyHz });
  const envelope = new GainNode(context, { gain: 0 });
  const peak = dbToGain(BASE_LEVEL_DB + levelDB);
  oscillator.connect(envelope).connect(destination);
  envelope.gain.setValueCurveAtTime(rampUp.map((g) => g * peak), start, RAMP_SECONDS);
  oscillator.start(start);

  let releasedAt = null;
  const release = (at) => {
    if (releasedAt !== null) return;
    const from = Math.max(at, start + RAMP_SECONDS);
    releasedAt = from + RAMP_SECONDS;
    envelope.gain.cancelScheduledValues(from);
    envelope.gain.setValueCurveAtTime(rampDown.map((g) => g * peak), from, RAMP_SECONDS);
    oscillator.stop(releasedAt + 0.001);
  };
  if (duration !== null) release(start + duration - RAMP_SECONDS);

  return {
    oscillator,
    start,
    get end() { return releasedAt; },
    /** Glides the note to `frequencyHz` from `at` (default: the next audio block after now). */
    setFrequency(frequencyHz, at = context.currentTime) {
      oscillator.frequency.setTargetAtTime(frequencyHz, at, RETUNE_TIME_CONSTANT_SECONDS);
    },
    /** Releases with the ramp now (or at `at`); harmless when already released. */
    stop(at = context.currentTime) {
      if (at <= start) {
        // Not begun yet: it simply never sounds, and is not left running unheard (an indefinite note
        // would otherwise keep its oscillator alive).
        envelope.disconnect();
        oscillator.stop(start);
        return;
      }
      if (releasedAt !== null && releasedAt <= at + RAMP_SECONDS) return;
      releasedAt = null;
      release(at);
    },
  };
}

/**
 * Schedules a comparison as the server described it: note 1, the gap, then note 2 at its level
 * offset. Returns the context times the caller synchronises the answer buttons with.
 */
export function scheduleComparison(context, comparison, start, destination = context.destination) {
  const duration = comparison.noteDurationSeconds;
  const note2Start = start + duration + (comparison.noteGapSeconds ?? 0);
  const note1 = scheduleNote(context, { frequencyHz: comparison.note1.frequencyHz, start, duration, destination });
  const note2 = scheduleNote(context, {
    frequencyHz: comparison.note2.frequencyHz, start: note2Start, duration,
    levelDB: comparison.note2.levelOffsetDB ?? 0, destination,
  });
  return {
    note1Start: start,
    note2Start,
    end: note2Start + duration,
    stop(at = context.currentTime) {
      note1.stop(at);
      note2.stop(at);
    },
  };
}
