import Foundation

/// An answered comparison: its notes, the offset played, whether the answer was right and when it
/// was given, with the discipline, interval and tuning it was played in. Exactly what is stored.
public struct CompletedComparison: Hashable, Sendable {
    public let note1: MIDINote
    public let note2: MIDINote
    /// Signed cent offset of note 2 relative to the correctly tuned note 2.
    public let note2CentOffset: Cents
    public let isCorrect: Bool
    public let timestamp: Date
    public let discipline: Discipline
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem

    public init(
        note1: MIDINote, note2: MIDINote, note2CentOffset: Cents, isCorrect: Bool, timestamp: Date,
        discipline: Discipline = .pitchComparison, interval: DirectedInterval = .unison,
        tuningSystem: TuningSystem = .equalTemperament
    ) {
        self.note1 = note1
        self.note2 = note2
        self.note2CentOffset = note2CentOffset
        self.isCorrect = isCorrect
        self.timestamp = timestamp
        self.discipline = discipline
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    public init(_ comparison: Comparison, answer: ComparisonAnswer, timestamp: Date) {
        self.init(
            note1: comparison.note1, note2: comparison.note2, note2CentOffset: comparison.centOffset,
            isCorrect: answer == comparison.correctAnswer, timestamp: timestamp, discipline: comparison.discipline,
            interval: comparison.interval, tuningSystem: comparison.tuningSystem)
    }

    /// The difficulty this trial was played at, which is what the adaptive chain continues from.
    public var centDifference: Cents { note2CentOffset.magnitude }
}

extension CompletedComparison: KindRecord {
    public typealias Kind = ComparisonKind

    public enum Field: Int, CodingKey, CaseIterable {
        case note1, note2, note2CentOffset, isCorrect
    }

    public var labels: RecordLabels {
        RecordLabels(discipline: discipline, interval: interval, tuningSystem: tuningSystem)
    }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            note1: try fields.decode(MIDINote.self, forKey: .note1),
            note2: try fields.decode(MIDINote.self, forKey: .note2),
            note2CentOffset: try fields.decode(Cents.self, forKey: .note2CentOffset),
            isCorrect: try fields.decode(Bool.self, forKey: .isCorrect), timestamp: timestamp,
            discipline: labels.discipline,
            interval: labels.interval, tuningSystem: labels.tuningSystem)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(note1, forKey: .note1)
        try fields.encode(note2, forKey: .note2)
        try fields.encode(note2CentOffset, forKey: .note2CentOffset)
        try fields.encode(isCorrect, forKey: .isCorrect)
    }

    /// Note 2 is where the interval from note 1 lands: a file's row that says otherwise was not
    /// written by any Peach.
    public func importProblem() -> RecordFieldError? {
        interval.target(from: note1) == note2
            ? nil : RecordFieldError(field: "note2", problem: "is not \(interval) from note1 \(note1.rawValue)")
    }
}
