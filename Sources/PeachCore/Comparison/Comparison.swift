/// One discrimination trial: note 1 (the reference), then note 2 — the same note, or the interval
/// above or below it in the chosen tuning — shifted by `centOffset` (the sign is the right
/// answer), optionally at a different level so loudness cannot give the answer away.
public struct Comparison: Hashable, Sendable, Codable {
    /// How far "vary loudness" at full strength moves note 2's level either way: enough
    /// that loudness cannot give the answer away, small enough not to distract from pitch.
    public static let maxLoudnessOffset = AmplitudeDB(2)

    public let discipline: Discipline
    public let note1: MIDINote
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    /// Signed offset from the correctly tuned note 2: positive means note 2 is higher than it should be.
    public let centOffset: Cents
    /// Note 2's level relative to note 1 (zero unless "vary loudness" is on).
    public let note2LevelOffset: AmplitudeDB
    /// The trial's place in its measurement run (from 1), for a measurement discipline's trial;
    /// nil for training.
    public let measurementTrial: Int?

    /// `interval.target(from: note1)` must exist (the strategy draws note 1 so that it does).
    public init(
        _ discipline: Discipline = .pitchComparison, note1: MIDINote, interval: DirectedInterval = .unison,
        tuningSystem: TuningSystem = .equalTemperament, centOffset: Cents, note2LevelOffset: AmplitudeDB = .zero,
        measurementTrial: Int? = nil
    ) {
        precondition(interval.target(from: note1) != nil, "\(interval) from \(note1) leaves MIDI 0–127")
        self.discipline = discipline
        self.note1 = note1
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.centOffset = centOffset
        self.note2LevelOffset = note2LevelOffset
        self.measurementTrial = measurementTrial
    }

    private enum CodingKeys: String, CodingKey {
        case discipline, note1, interval, tuningSystem, centOffset, note2LevelOffset, measurementTrial
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let note1 = try values.decode(MIDINote.self, forKey: .note1)
        let interval = try values.decodeInterval(forKey: .interval, from: note1)
        self.init(
            try values.decode(Discipline.self, forKey: .discipline), note1: note1, interval: interval,
            tuningSystem: try values.decode(TuningSystem.self, forKey: .tuningSystem),
            centOffset: try values.decode(Cents.self, forKey: .centOffset),
            note2LevelOffset: try values.decode(AmplitudeDB.self, forKey: .note2LevelOffset),
            measurementTrial: try values.decodeIfPresent(Int.self, forKey: .measurementTrial))
    }

    /// The note the interval lands on; note 1 itself for unison (the difference
    /// is in cents only).
    public var note2: MIDINote { interval.target(from: note1)! }

    public var correctAnswer: ComparisonAnswer { centOffset > .zero ? .higher : .lower }

    public func note1Frequency(reference: ReferencePitch) -> Frequency {
        Frequency(note: note1, reference: reference)
    }

    /// Measured from the played note 1, so a just interval is pure whatever the reference pitch.
    public func note2Frequency(reference: ReferencePitch) -> Frequency {
        Frequency(note: note1, offset: interval.cents(in: tuningSystem) + centOffset, reference: reference)
    }
}

public enum ComparisonAnswer: String, Sendable, Codable, CaseIterable {
    case higher, lower
}
