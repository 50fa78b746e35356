import PeachCore

/// How the synthesizer shapes every note. Durations are wall-clock; the sample rate turns them
/// into sample counts.
public struct SynthesisSettings: Hashable, Sendable {
    /// Below 5 ms a raised-cosine edge is heard as a click on any note.
    public static let shortestRamp = Duration.milliseconds(5)
    /// A retune must have arrived within 10 ms so that a slider feels immediate (the whole path from
    /// the finger to the ear may take 20 ms).
    public static let longestGlide = Duration.milliseconds(10)

    public var sampleRate: Double
    /// The shortest attack and release; never below `shortestRamp`.
    public private(set) var rampDuration: Duration
    /// Ramps also last at least this many periods of the note. The splatter of a raised-cosine edge
    /// relative to the tone depends on its length in periods, not in seconds: with 14 periods no
    /// component outside ±1 octave comes within 80 dB of the tone, even for A0, where 5 ms is a
    /// seventh of a period. From about 2.8 kHz up the 5 ms floor is the longer one.
    public var rampPeriods: Double
    /// How long a retune takes to reach its target; phase-continuous, raised-cosine in log-frequency.
    public private(set) var glideDuration: Duration
    /// The level of a note at 0 dB. Leaves headroom for "vary loudness" (+2 dB) and for the overlap
    /// of one note's release with the next note's attack, which can add two peaks (+6 dB).
    public var masterLevel: AmplitudeDB

    public init(
        sampleRate: Double = 48_000, rampDuration: Duration = shortestRamp, rampPeriods: Double = 14,
        glideDuration: Duration = .milliseconds(5), masterLevel: AmplitudeDB = AmplitudeDB(-12)
    ) {
        self.sampleRate = sampleRate
        self.rampDuration = max(rampDuration, Self.shortestRamp)
        self.rampPeriods = rampPeriods
        self.glideDuration = min(max(glideDuration, .zero), Self.longestGlide)
        self.masterLevel = masterLevel
    }

    /// The ramp length, in samples, for a note at `frequency`.
    func rampSamples(at frequency: Frequency) -> Int {
        let seconds = max(rampDuration.seconds, rampPeriods / frequency.hertz)
        return max(1, Int((seconds * sampleRate).rounded()))
    }

    var glideSamples: Int { Int((glideDuration.seconds * sampleRate).rounded()) }
}
