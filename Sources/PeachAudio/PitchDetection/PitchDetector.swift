import PeachCore

/// YIN (de Cheveigné & Kawahara 2002) on one frame of a voice or an instrument: the difference
/// function, its cumulative-mean normalisation, the dip chosen, parabolic interpolation, and a
/// confidence gate. The browser runs the same algorithm, line for line, in
/// `web/js/pitch-detector.js`; both are checked against the same fixture files
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
    /// high. Taking the first dip within this of the deepest one keeps the true period.
    public static let dipTolerance = 0.05
    /// Quieter frames are silence, whatever their shape (−50 dBFS RMS).
    public static let silenceRMS = 0.00316

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
        var lag = max(minimumLag, 2)
        while !(normalised[lag] <= deepest + Self.dipTolerance && normalised[lag] <= normalised[lag - 1]
            && normalised[lag] <= normalised[lag + 1])
        {
            lag += 1
        }
        let refined = Double(lag) + Self.parabolicVertex(difference[lag - 1], difference[lag], difference[lag + 1])
        return PitchEstimate(
            frequency: Frequency(hertz: sampleRate / refined), confidence: 1 - normalised[lag])
    }

    /// The offset (−½…½) of the minimum of the parabola through three equally spaced points.
    static func parabolicVertex(_ before: Double, _ centre: Double, _ after: Double) -> Double {
        let curvature = before - 2 * centre + after
        guard curvature > 0 else { return 0 }
        return max(-0.5, min(0.5, 0.5 * (before - after) / curvature))
    }
}
