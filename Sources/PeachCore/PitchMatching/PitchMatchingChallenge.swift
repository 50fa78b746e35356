/// One matching trial: a reference note, and a tunable note that starts `initialCentOffset` away
/// from its target — the same note, or the interval above or below it in the chosen tuning. The
/// slider's normalized value v ∈ −1…1 moves the tunable note to `initialCentOffset + v × centRange`
/// cents from the target, so the slider's scale is the challenge's own and its centre is always
/// where the tunable note starts.
public struct PitchMatchingChallenge: Hashable, Sendable, Codable {
    /// The original app's bound on the starting detune, and the slider's reach either way from its centre.
    public static let defaultCentRange = Cents(100)

    public let discipline: Discipline
    public let referenceNote: MIDINote
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    public let initialCentOffset: Cents
    public let centRange: Cents

    /// `interval.target(from: referenceNote)` must exist.
    public init(
        _ discipline: Discipline = .pitchMatching, referenceNote: MIDINote, interval: DirectedInterval = .unison,
        tuningSystem: TuningSystem = .equalTemperament, initialCentOffset: Cents, centRange: Cents = defaultCentRange
    ) {
        precondition(interval.target(from: referenceNote) != nil, "\(interval) from \(referenceNote) leaves MIDI 0–127")
        self.discipline = discipline
        self.referenceNote = referenceNote
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.initialCentOffset = initialCentOffset
        self.centRange = centRange
    }

    private enum CodingKeys: String, CodingKey {
        case discipline, referenceNote, interval, tuningSystem, initialCentOffset, centRange
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let referenceNote = try values.decode(MIDINote.self, forKey: .referenceNote)
        let interval = try values.decodeInterval(forKey: .interval, from: referenceNote)
        self.init(
            try values.decode(Discipline.self, forKey: .discipline), referenceNote: referenceNote, interval: interval,
            tuningSystem: try values.decode(TuningSystem.self, forKey: .tuningSystem),
            initialCentOffset: try values.decode(Cents.self, forKey: .initialCentOffset),
            centRange: try values.decode(Cents.self, forKey: .centRange))
    }

    /// A random interval of `intervals` from a random reference (both notes inside `range`),
    /// detuned by a random offset within ±`offsetBound`.
    public static func random(
        _ discipline: Discipline = .pitchMatching, in range: NoteRange, intervals: [DirectedInterval] = [.unison],
        tuningSystem: TuningSystem = .equalTemperament, offsetBound: Cents = defaultCentRange,
        centRange: Cents = defaultCentRange, using generator: inout some RandomNumberGenerator
    ) -> PitchMatchingChallenge {
        // A single choice draws nothing, so unison trials use the generator exactly as before.
        let interval = intervals.count == 1 ? intervals[0] : intervals.randomElement(using: &generator) ?? .unison
        let note = range.randomReference(for: interval, using: &generator)
        let bound = offsetBound.magnitude.rawValue
        let offset = bound > 0 ? Double.random(in: -bound...bound, using: &generator) : 0
        return PitchMatchingChallenge(
            discipline, referenceNote: note, interval: interval, tuningSystem: tuningSystem,
            initialCentOffset: Cents(offset), centRange: centRange)
    }

    /// The MIDI note the tunable note aims at.
    public var targetNote: MIDINote { interval.target(from: referenceNote)! }

    /// Where the slider puts the tunable note, in cents from the tuned target; also the user's
    /// signed error when they commit there (positive = sharp).
    public func centOffset(atNormalizedValue value: NormalizedSliderValue) -> Cents {
        MatchingJudging.error(self, at: value)
    }

    public func referenceFrequency(reference: ReferencePitch) -> Frequency {
        Frequency(note: referenceNote, reference: reference)
    }

    /// Measured from the played reference, so a just interval is pure whatever the reference pitch.
    public func tunableFrequency(atNormalizedValue value: NormalizedSliderValue, reference: ReferencePitch) -> Frequency
    {
        Frequency(
            note: referenceNote, offset: interval.cents(in: tuningSystem) + centOffset(atNormalizedValue: value),
            reference: reference)
    }
}

/// The pitch slider's position: −1 (bottom) … 0 (centre, where every challenge starts) … 1 (top).
public struct NormalizedSliderValue: Hashable, Sendable, Codable {
    public static let centre = NormalizedSliderValue(uncheckedRawValue: 0)

    public static let range: ClosedRange<Double> = -1...1

    public let rawValue: Double

    /// Returns nil outside −1…1 or for NaN.
    public init?(_ rawValue: Double) {
        guard Self.range.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(uncheckedRawValue: Double) { rawValue = uncheckedRawValue }
}
