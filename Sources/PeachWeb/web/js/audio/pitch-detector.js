// YIN on one frame, line for line the algorithm of PeachAudio's PitchDetector.swift (see there for
// why each constant is what it is). A plain module with no imports, so the AudioWorklet
// (pitch-worklet.js) can load it; both detectors are checked against the same fixture files
// (scripts/make_voice_fixtures.py, Tests/e2e/test_pitch_detector_js.py).

export const LOWEST_HZ = 65;
export const HIGHEST_HZ = 1100;
const CONFIDENCE_GATE = 0.2;
const DIP_TOLERANCE = 0.2;
const DIP_RATIO = 4;
const DIP_FLOOR = 0.005;
const HEARD_DIP = 0.3;
const SEVERAL_PARTIALS = [0.4, 1.7];
const SILENCE_RMS = 0.00316;
const FOLLOWING_PERIODS = 4;
const SHORTEST_WINDOW = 0.015;

export class PitchDetector {
  constructor(sampleRate) {
    this.sampleRate = sampleRate;
    this.window = Math.round(0.040 * sampleRate);
    this.minimumLag = Math.floor(sampleRate / HIGHEST_HZ);
    this.maximumLag = Math.ceil(sampleRate / LOWEST_HZ);
    this.frameLength = this.window + this.maximumLag + 2;
    this.shortestWindow = Math.round(SHORTEST_WINDOW * sampleRate);
    this.difference = new Float64Array(this.maximumLag + 2);
    this.normalised = new Float64Array(this.maximumLag + 2);
  }

  /** {frequency, confidence} of frame[0..<frameLength], or null for silence, noise, anything unpitched. */
  detect(frame) {
    const { window, minimumLag, maximumLag, difference: d, normalised: n } = this;
    let energy = 0;
    for (let j = 0; j < window; j++) energy += frame[j] * frame[j];
    if (Math.sqrt(energy / window) < SILENCE_RMS) return null;

    const lags = maximumLag + 2;
    let runningSum = 0;
    n[0] = 1;
    for (let lag = 1; lag < lags; lag++) {
      let sum = 0;
      for (let j = 0; j < window; j++) {
        const delta = frame[j] - frame[j + lag];
        sum += delta * delta;
      }
      d[lag] = sum;
      runningSum += sum;
      n[lag] = runningSum > 0 ? (sum * lag) / runningSum : 1;
    }
    let deepest = Infinity;
    for (let lag = minimumLag; lag <= maximumLag; lag++) deepest = Math.min(deepest, n[lag]);
    if (!(deepest <= CONFIDENCE_GATE)) return null;
    const tolerance = Math.min(deepest + DIP_TOLERANCE, DIP_RATIO * deepest + DIP_FLOOR);
    let lag = Math.max(minimumLag, 2);
    // The deepest dip may lie on the last lag with a deeper value beyond it: the search stops there.
    for (; lag < maximumLag; lag++) {
      const before = n[lag - 1], here = n[lag], after = n[lag + 1];
      if (!(here <= before && here <= after)) continue;
      const depth = parabolicMinimum(before, here, after);
      const half = n[(lag + 1) >> 1];
      if (depth <= tolerance || (depth <= HEARD_DIP && half >= SEVERAL_PARTIALS[0] && half <= SEVERAL_PARTIALS[1])) break;
    }
    const confidence = 1 - n[lag];
    const short = Math.min(window, Math.max(Math.round(FOLLOWING_PERIODS * lag), this.shortestWindow));
    if (!(short < window)) {
      return { frequency: this.sampleRate / (lag + parabolicVertex(d[lag - 1], d[lag], d[lag + 1])), confidence };
    }
    const offset = Math.floor((window - short) / 2);
    const shortDifference = (at) => {
      let sum = 0;
      for (let j = offset; j < offset + short; j++) {
        const delta = frame[j] - frame[j + at];
        sum += delta * delta;
      }
      return sum;
    };
    let here = shortDifference(lag), before = shortDifference(lag - 1), after = shortDifference(lag + 1);
    for (;;) {
      if (before < here && lag - 1 > minimumLag) {
        lag -= 1;
        [after, here, before] = [here, before, shortDifference(lag - 1)];
      } else if (after < here && lag + 1 < maximumLag) {
        lag += 1;
        [before, here, after] = [here, after, shortDifference(lag + 1)];
      } else break;
    }
    return { frequency: this.sampleRate / (lag + parabolicVertex(before, here, after)), confidence };
  }
}

/** The offset (−½…½) of the minimum of the parabola through three equally spaced points. */
export function parabolicVertex(before, centre, after) {
  const curvature = before - 2 * centre + after;
  if (!(curvature > 0)) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curvature));
}

/** The lowest value of the parabola through three equally spaced points, at its vertex (−½…½). */
function parabolicMinimum(before, centre, after) {
  return centre - 0.25 * (before - after) * parabolicVertex(before, centre, after);
}
