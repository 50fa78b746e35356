import Foundation

/// An answered comparison: exactly what is stored for every answer (seed story 1.2), with the
/// discipline, interval and tuning it was played in.
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
