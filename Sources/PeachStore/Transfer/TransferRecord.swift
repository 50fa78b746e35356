import PeachCore

/// One training record as it travels through a file: either kind, with its timestamp kept to the
/// millisecond so that "the same record" means the same thing in a file and in the database.
public struct TransferRecord: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case comparison
        case pitchMatching
    }

    public enum Fields: Hashable, Sendable {
        case comparison(note1: MIDINote, note2: MIDINote, note2CentOffset: Cents, isCorrect: Bool)
        case pitchMatching(referenceNote: MIDINote, initialCentOffset: Cents, userCentError: Cents)
    }

    public let timestamp: MillisecondTimestamp
    public let fields: Fields
    /// Which discipline, interval and tuning; unison in equal temperament unless said otherwise.
    public let discipline: Discipline
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    /// The octave a sung answer was sung in (CSV format 3); nil for every other record.
    public let sungOctave: Int?

    public init(
        timestamp: MillisecondTimestamp, fields: Fields, discipline: Discipline? = nil,
        interval: DirectedInterval = .unison, tuningSystem: TuningSystem = .equalTemperament, sungOctave: Int? = nil
    ) {
        self.timestamp = timestamp
        self.fields = fields
        let kind: Discipline.Kind
        switch fields {
        case .comparison: kind = .comparison
        case .pitchMatching: kind = .matching
        }
        self.discipline = discipline ?? Discipline(kind: kind, intervals: false)
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.sungOctave = sungOctave
    }

    public init(_ comparison: CompletedComparison) {
        self.init(
            timestamp: MillisecondTimestamp(comparison.timestamp),
            fields: .comparison(
                note1: comparison.note1, note2: comparison.note2, note2CentOffset: comparison.note2CentOffset,
                isCorrect: comparison.isCorrect),
            discipline: comparison.discipline, interval: comparison.interval, tuningSystem: comparison.tuningSystem)
    }

    public init(_ attempt: CompletedPitchMatching) {
        self.init(
            timestamp: MillisecondTimestamp(attempt.timestamp),
            fields: .pitchMatching(
                referenceNote: attempt.referenceNote, initialCentOffset: attempt.initialCentOffset,
                userCentError: attempt.userCentError),
            discipline: attempt.discipline, interval: attempt.interval, tuningSystem: attempt.tuningSystem,
            sungOctave: attempt.sungOctave)
    }

    public var kind: Kind {
        switch fields {
        case .comparison: .comparison
        case .pitchMatching: .pitchMatching
        }
    }

    /// No stored answer can lie further from its note than an octave; a larger value is a broken
    /// file, and letting it in would poison every statistic computed from the records.
    public static let centLimit: ClosedRange<Double> = -1200...1200
}
