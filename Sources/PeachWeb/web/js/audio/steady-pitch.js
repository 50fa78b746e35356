// When a sung note counts as held: the detector's frames (cents from the target, every ~20 ms) are
// folded into the octave nearest the target as the note's first frame found it; averaged over
// `smoothingSeconds` (two cycles of a 5 Hz vibrato), so the vibrato cancels; the note is held once
// every such average of the last `holdSeconds` stays within ±`steadyCents` of their mean. The
// committed pitch is the Hann-weighted mean of the last `commitSeconds`, in the highest octave at
// least `octaveShare` of the note's frames were heard in. The numbers come with every sung trial
// (`session.singing`, owned by PeachCore's SingingRules, which says why each is what it is);
// `peach sing` runs the same rule (PeachCore's SteadyPitch) with them.

export class SteadyPitch {
  /** `rules`: a sung trial's `session.singing`. */
  constructor({ holdSeconds, steadyCents, smoothingSeconds, gapSeconds, commitSeconds, octaveShare }) {
    this.hold = holdSeconds;
    this.tolerance = steadyCents;
    this.smoothing = smoothingSeconds;
    this.gap = gapSeconds;
    this.commit = commitSeconds;
    this.octaveShare = octaveShare;
    this.reset();
  }

  reset() {
    this.frames = []; // {time, cents} of the current unbroken note, folded
    this.anchor = null; // its first frame within ±600 ¢ of the target: frames are folded to ±600 ¢ of it
    this.octaves = new Map(); // octave (from the anchor's) → frames heard in it
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
    if (this.anchor === null) {
      this.anchor = cents - 1200 * roundHalfAway(cents / 1200);
      this.start = time;
    }
    const octave = roundHalfAway((cents - this.anchor) / 1200);
    this.octaves.set(octave, (this.octaves.get(octave) ?? 0) + 1);
    this.frames.push({ time, cents: cents - 1200 * octave });
    const { start } = this;
    const recent = this.frames.filter((f) => f.time > time - this.smoothing);
    // Smoothed values count only once a full averaging window lies behind them.
    if (time - start >= this.smoothing) {
      this.smoothed.push({ time, cents: mean(recent.map((f) => f.cents)) });
    }
    this.smoothed = this.smoothed.filter((s) => s.time > time - this.hold);
    this.frames = this.frames.filter((f) => f.time > time - Math.max(this.smoothing, this.commit));
    if (this.smoothed.length === 0 || time - start < this.smoothing + this.hold) return null;
    const values = this.smoothed.map((s) => s.cents);
    const centre = mean(values);
    if (values.some((v) => Math.abs(v - centre) > this.tolerance)) return null;
    return this.latest();
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
    const held = this.frames.at(-1).time - this.start - this.smoothing;
    return Math.max(0, Math.min(1, held / this.hold));
  }

  /** What the user sang lately (the commit's rule), also for Done/Enter before the note was held a full second. */
  latest() {
    const last = this.frames.at(-1);
    if (!last) return null;
    const recent = this.frames.filter((f) => f.time > last.time - this.commit);
    // Hann weights by position: the ends of the stretch count least, so a vibrato's part-cycle cancels.
    let sum = 0, weights = 0;
    recent.forEach((frame, index) => {
      const weight = Math.sin((Math.PI * (index + 1)) / (recent.length + 1)) ** 2;
      sum += weight * frame.cents;
      weights += weight;
    });
    let total = 0;
    for (const count of this.octaves.values()) total += count;
    let octave = -Infinity;
    for (const [heard, count] of this.octaves) if (count >= this.octaveShare * total) octave = Math.max(octave, heard);
    return sum / weights + 1200 * (octave === -Infinity ? 0 : octave);
  }
}

/** Swift's `rounded()`: halves away from zero (Math.round rounds −0.5 up). */
function roundHalfAway(value) {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function mean(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
