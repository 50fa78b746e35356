// When a sung note counts as held: the detector's frames (cents from the target, every ~20 ms)
// are averaged over `smoothingSeconds` (two cycles of a 5 Hz vibrato), so the vibrato cancels; the
// note is held once every such average of the last `holdSeconds` stays within ±`steadyCents` of
// their mean. The committed pitch is that mean: vibrato averaged twice, a fraction of a cent off the
// centre of a ±30 ¢ vibrato. The numbers come with every sung trial (`session.singing`, owned by
// PeachCore's SingingRules); `peach sing` runs the same rule (PeachCore's SteadyPitch) with them.

export class SteadyPitch {
  /** `rules`: a sung trial's `session.singing`. */
  constructor({ holdSeconds, steadyCents, smoothingSeconds, gapSeconds }) {
    this.hold = holdSeconds;
    this.tolerance = steadyCents;
    this.smoothing = smoothingSeconds;
    this.gap = gapSeconds;
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
      if (last && time - last.time > this.gap) this.reset();
      return null;
    }
    if (last && time - last.time > this.gap) this.reset();
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

  /**
   * How much of the hold the current note has covered (0–1) while it stays steady: what the ring on
   * the screen shows filling. Only a picture of `push`'s rule, which alone decides the commit.
   */
  heldFraction() {
    if (this.smoothed.length === 0) return 0;
    const values = this.smoothed.map((s) => s.cents);
    const centre = mean(values);
    if (values.some((v) => Math.abs(v - centre) > this.tolerance)) return 0;
    const held = this.frames.at(-1).time - this.frames[0].time - this.smoothing;
    return Math.max(0, Math.min(1, held / this.hold));
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
