// When a sung note counts as held: the detector's frames (cents from the target, every ~20 ms)
// are averaged over 0.4 s, two cycles of a 5 Hz vibrato, so the vibrato cancels; the note is held
// once every such average of the last second stays within ±15 ¢ of their mean. The committed pitch
// is that mean: vibrato averaged twice, a fraction of a cent off the centre of a ±30 ¢ vibrato.

export const HOLD_SECONDS = 1;
export const STEADY_CENTS = 15;
export const SMOOTHING_SECONDS = 0.4;
/** A dropout this short (a consonant, a breath of noise) does not break the note. */
const GAP_SECONDS = 0.12;

export class SteadyPitch {
  constructor({ hold = HOLD_SECONDS, tolerance = STEADY_CENTS, smoothing = SMOOTHING_SECONDS } = {}) {
    this.hold = hold;
    this.tolerance = tolerance;
    this.smoothing = smoothing;
    this.reset();
  }

  reset() {
    this.frames = []; // {time, cents} of the current unbroken note
    this.smoothed = []; // {time, cents}: mean of the frames in the last `smoothing` seconds
  }

  /**
   * One detector frame: `cents` from the target, or null when nothing pitched was heard. Returns
   * the committed pitch (cents from the target) once the note has been held, else null.
   */
  push(time, cents) {
    const last = this.frames[this.frames.length - 1];
    if (cents === null) {
      if (last && time - last.time > GAP_SECONDS) this.reset();
      return null;
    }
    if (last && time - last.time > GAP_SECONDS) this.reset();
    this.frames.push({ time, cents });
    const start = this.frames[0].time;
    const recent = this.frames.filter((f) => f.time > time - this.smoothing);
    // Smoothed values count only once a full averaging window lies behind them.
    if (time - start >= this.smoothing) {
      this.smoothed.push({ time, cents: mean(recent.map((f) => f.cents)) });
    }
    this.smoothed = this.smoothed.filter((s) => s.time > time - this.hold);
    if (this.smoothed.length === 0 || time - start < this.smoothing + this.hold) return null;
    const values = this.smoothed.map((s) => s.cents);
    const centre = mean(values);
    if (values.some((v) => Math.abs(v - centre) > this.tolerance)) return null;
    return centre;
  }

  /** What the user sang lately, for Done/Enter before the note was held a full second. */
  latest() {
    const recent = this.frames.filter((f) => f.time > (this.frames.at(-1)?.time ?? 0) - this.smoothing);
    return recent.length ? mean(recent.map((f) => f.cents)) : null;
  }
}

function mean(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
