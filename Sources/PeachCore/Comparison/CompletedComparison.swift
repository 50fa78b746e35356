import Foundation

/// An answered comparison: exactly what is stored for every answer (seed story 1.2).
public struct CompletedComparison: Hashable, Sendable {
    public let note1: MIDINote
    public let note2: MIDINote
    /// Signed cent offset of note 2 relative to note 1.
    public let note2CentOffset: Cents
    public let isCorrect: Bool
    public let timestamp: Date

    public init(note1: MIDINote, note2: MIDINote, note2CentOffset: Cents, isCorrect: Bool, timestamp: Date) {
        self.note1 = note1
        self.note2 = note2
        self.note2CentOffset = note2CentOffset
        self.isCorrect = isCorrect
        self.timestamp = timestamp
    }

    public init(_ comparison: Comparison, answer: ComparisonAnswer, timestamp: Date) {
        self.init(
            note1: comparison.note1, note2: comparison.note2, note2CentOffset: comparison.centOffset,
            isCorrect: answer == comparison.correctAnswer, timestamp: timestamp)
    }

    /// The difficulty this trial was played at, which is what the adaptive chain continues from.
    public var centDifference: Cents { note2CentOffset.magnitude }
}
