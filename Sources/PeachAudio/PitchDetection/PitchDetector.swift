import PeachCore

/// YIN (de Cheveigné & Kawahara 2002) on one frame of a voice or an instrument: the difference
/// function, its cumulative-mean normalisation, the dip chosen, parabolic interpolation, and a
/// confidence gate. The browser runs the same algorithm, line for line, in
/// `web/js/audio/pitch-detector.js`; both are checked against the same fixture files
/// (`scripts/make_voice_fixtures.py`), so they cannot drift apart.
public struct PitchDetector: Sendable {
    public let sampleRate: Double
    /// Samples compared per lag: 40 ms, 2.6 periods of the lowest pitch (32 ms left a breathy 100 Hz
    /// tone 2.4 ¢ off in the median frame).
    public let window: Int
    public let minimumLag: Int
    public let maximumLag: Int

    /// The lowest and highest pitch reported: a low bass to a high soprano (65–1100 Hz).
    public static let lowest = Frequency(hertz: 65)
    public static let highest = Frequency(hertz: 1100)
    /// A frame whose best normalised dip is above this is unvoiced (noise, breath, chords).
    public static let confidenceGate = 0.2
    /// YIN takes the first dip below an absolute threshold; a voice whose second harmonic is 14 dB
    /// over its first (an "o" near F1) then dips almost as low at half the period, an octave too
    /// high. Taking the first dip within `dipRatio` times the deepest one (plus `dipFloor`), and
    /// within `dipTolerance` of it, keeps the true period: an "oo" whose narrow first formant lifts
    /// harmonic 2 15 dB or more over the fundamental dips 5–13 times as deep at the period as at half
    /// of it. A voice whose cycles alternate dips deeper at two periods than at one: `heardDip` keeps
    /// its period.
    public static let dipRatio = 4.0
    public static let dipFloor = 0.005
    /// Beyond this over the deepest dip no earlier dip counts, however shallow the deepest: wider
    /// (0.3) let an alternating voice's frames be read three octaves high.
    public static let dipTolerance = 0.2
    /// The octave a listener names is the pulses' rate, not that of what alternates between them. A
    /// dip this deep (the period's partials carry ~85 % of the frame's energy) is the period even
    /// where the dip at twice it is far deeper: alternate glottal pulses 4 % late and 40 % weaker
    /// (diplophonia), or a hum an octave below the voice, add partials between its harmonics that
    /// are heard as roughness, not as the octave below (CREPE and pYIN name the pulses' rate too).
    /// Such voices from C3 to A3 dipped 0.09–0.27 at the period and 3–24 times deeper at two: past
    /// `dipRatio`, and stored an octave low.
    public static let heardDip = 0.3
    /// …where several partials carry that period: the normalised difference at half of it lies in
    /// this range. Above it the frame is one partial (an "oo" whose first formant lifts harmonic 2:
    /// 1.96); below it, one partial at twice the frequency (a G3 "a" through a telephone's high-pass,
    /// harmonic 4 on the first formant: 0.21–0.38). There the weaker partials around the loud one
    /// name the note, a period's depth only says how pure the loud one is, and `dipRatio` decides.
    public static let severalPartials = 0.4...1.7
    /// A dip is judged by the depth of the parabola through its three lags, not by its lowest
    /// sample: a bright tone's dip is narrow, and with the period between two lags (a brass-like
    /// B♭4 at 44.1 kHz, harmonics 2–6 louder than the first) both samples sat over the tolerance
    /// while the dip two periods on fell on a lag: the note was stored an octave low.
    /// Quieter frames are silence, whatever their shape (−50 dBFS RMS).
    public static let silenceRMS = 0.00316
    /// The period, once chosen, is measured again over a window this many periods long (centred in
    /// the 40 ms one), at least `shortestWindow`: inside 40 ms a ±60 ¢ vibrato at A5 sweeps ~±39 ¢ and
    /// the formants weight the louder side (2.7 ¢ stored off, 0.8 ¢ in 15 ms); four periods follow
    /// the pitch. Below 100 Hz the window stays 40 ms; 10 ms left a breathy 392 Hz tone 2.5 ¢ off in
    /// the median frame.
    public static let followingPeriods = 4.0
    public static let shortestWindow = 0.015

    public init(sampleRate: Double) {
        self.sampleRate = sampleRate
        window = Int((0.040 * sampleRate).rounded())
        minimumLag = Int((sampleRate / Self.highest.hertz).rounded(.down))
        maximumLag = Int((sampleRate / Self.lowest.hertz).rounded(.up))
    }

    /// How many samples `detect` reads: the window plus the longest lag and one for interpolation.
    public var frameLength: Int { window + maximumLag + 2 }

    /// The pitch of `frame[0..<frameLength]`, or nil for silence, noise or anything unpitched.
    public func detect(_ frame: UnsafeBufferPointer<Float>) -> PitchEstimate? {
        precondition(frame.count >= frameLength, "a frame needs \(frameLength) samples")
        var energy = 0.0
        for j in 0..<window { energy += Double(frame[j]) * Double(frame[j]) }
        guard (energy / Double(window)).squareRoot() >= Self.silenceRMS else { return nil }

        let lags = maximumLag + 2
        var difference = [Double](repeating: 0, count: lags)
        var normalised = [Double](repeating: 1, count: lags)
        var runningSum = 0.0
        difference.withUnsafeMutableBufferPointer { d in
            normalised.withUnsafeMutableBufferPointer { n in
                for lag in 1..<lags {
                    var sum = 0.0
                    for j in 0..<window {
                        let delta = Double(frame[j]) - Double(frame[j + lag])
                        sum += delta * delta
                    }
                    d[lag] = sum
                    runningSum += sum
                    n[lag] = runningSum > 0 ? sum * Double(lag) / runningSum : 1
                }
            }
        }
        var deepest = Double.infinity
        for lag in minimumLag...maximumLag { deepest = min(deepest, normalised[lag]) }
        guard deepest <= Self.confidenceGate else { return nil }
        let tolerance = min(deepest + Self.dipTolerance, Self.dipRatio * deepest + Self.dipFloor)
        var lag = max(minimumLag, 2)
        // The deepest dip may lie on the last lag with a deeper value beyond it: the search stops there.
        while lag < maximumLag {
            let (before, here, after) = (normalised[lag - 1], normalised[lag], normalised[lag + 1])
            if here <= before && here <= after {
                let depth = Self.parabolicMinimum(before, here, after)
                let half = normalised[(lag + 1) / 2]
                if depth <= tolerance || (depth <= Self.heardDip && Self.severalPartials.contains(half)) { break }
            }
            lag += 1
        }
        let confidence = 1 - normalised[lag]
        let short = min(window, max(Int((Self.followingPeriods * Double(lag)).rounded()), shortestWindowSamples))
        guard short < window else {
            let refined = Double(lag) + Self.parabolicVertex(difference[lag - 1], difference[lag], difference[lag + 1])
            return PitchEstimate(frequency: Frequency(hertz: sampleRate / refined), confidence: confidence)
        }
        let offset = (window - short) / 2
        func shortDifference(_ lag: Int) -> Double {
            var sum = 0.0
            for j in offset..<offset + short {
                let delta = Double(frame[j]) - Double(frame[j + lag])
                sum += delta * delta
            }
            return sum
        }
        // The short window's dip can lie a lag or two from the long one's: walk down to it.
        var here = shortDifference(lag)
        var before = shortDifference(lag - 1)
        var after = shortDifference(lag + 1)
        while true {
            if before < here && lag - 1 > minimumLag {
                lag -= 1
                (after, here, before) = (here, before, shortDifference(lag - 1))
            } else if after < here && lag + 1 < maximumLag {
                lag += 1
                (before, here, after) = (here, after, shortDifference(lag + 1))
            } else {
                break
            }
        }
        let refined = Double(lag) + Self.parabolicVertex(before, here, after)
        return PitchEstimate(frequency: Frequency(hertz: sampleRate / refined), confidence: confidence)
    }

    /// The shortest window the period is measured again over (`shortestWindow`, in samples).
    var shortestWindowSamples: Int { Int((Self.shortestWindow * sampleRate).rounded()) }

    /// The lowest value of the parabola through three equally spaced points, at its vertex (−½…½).
    static func parabolicMinimum(_ before: Double, _ centre: Double, _ after: Double) -> Double {
        centre - 0.25 * (before - after) * parabolicVertex(before, centre, after)
    }

    /// The offset (−½…½) of the minimum of the parabola through three equally spaced points.
    static func parabolicVertex(_ before: Double, _ centre: Double, _ after: Double) -> Double {
        let curvature = before - 2 * centre + after
        guard curvature > 0 else { return 0 }
        return max(-0.5, min(0.5, 0.5 * (before - after) / curvature))
    }
}
