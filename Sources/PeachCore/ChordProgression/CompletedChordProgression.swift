import Foundation

/// An answered Chord Progressions trial: the key, the progression played, how it was tuned (the
/// record's label) and the numerals the user named, in order. Exactly what is stored; whether each
/// chord was named right follows from the two progressions.
public struct CompletedChordProgression: Hashable, Sendable {
    public let tonicNote: MIDINote
    public let mode: ScaleMode
    public let progression: Progression
    public let answer: Progression
    public let tuningSystem: TuningSystem
    public let timestamp: Date

    public init(
        tonicNote: MIDINote, mode: ScaleMode, progression: Progression, answer: Progression,
        tuningSystem: TuningSystem, timestamp: Date
    ) {
        self.tonicNote = tonicNote
        self.mode = mode
        self.progression = progression
        self.answer = answer
        self.tuningSystem = tuningSystem
        self.timestamp = timestamp
    }

    public init(_ trial: ChordProgressionTrial, answer: Progression, timestamp: Date) {
        self.init(
            tonicNote: trial.tonic, mode: trial.mode, progression: trial.progression, answer: answer,
            tuningSystem: trial.tuningSystem, timestamp: timestamp)
    }

    /// How the answer is judged: as each trial tells the page (`ProgressionJudging`).
    public var judging: ProgressionJudging { ProgressionJudging(progression) }

    /// Each chord's judgement, in the progression's order.
    public var chordsCorrect: [Bool] { judging.chordsCorrect(answer) }

    public var correctChords: Int { chordsCorrect.filter { $0 }.count }

    public var isCorrect: Bool { judging.isCorrect(correctChords: correctChords) }
}
