import Foundation

/// An answered Chord Progressions trial: the key, the progression played, how it was tuned and the
/// discipline (the record's labels) and the numerals the user named, in order, or in the
/// common-progressions discipline the numerals of the progression named. Exactly what is stored;
/// whether each chord was named right follows from the two progressions.
public struct CompletedChordProgression: Hashable, Sendable {
    public let tonicNote: MIDINote
    public let mode: ScaleMode
    public let progression: Progression
    public let answer: Progression
    public let tuningSystem: TuningSystem
    public let timestamp: Date
    public let discipline: Discipline

    public init(
        tonicNote: MIDINote, mode: ScaleMode, progression: Progression, answer: Progression,
        tuningSystem: TuningSystem, timestamp: Date, discipline: Discipline = .chordProgression
    ) {
        self.tonicNote = tonicNote
        self.mode = mode
        self.progression = progression
        self.answer = answer
        self.tuningSystem = tuningSystem
        self.timestamp = timestamp
        self.discipline = discipline
    }

    public init(_ trial: ChordProgressionTrial, answer: Progression, timestamp: Date) {
        self.init(
            tonicNote: trial.tonic, mode: trial.mode, progression: trial.progression, answer: answer,
            tuningSystem: trial.tuningSystem, timestamp: timestamp, discipline: trial.discipline)
    }

    /// The common progression played and the one named, where the progression was named as a
    /// whole; nil where each chord was named.
    public var named: (played: CommonProgression, answered: CommonProgression)? {
        guard discipline == .commonProgression, let played = CommonProgression(progression),
            let answered = CommonProgression(answer)
        else { return nil }
        return (played, answered)
    }

    /// How the answer is judged: as each trial tells the page (`ProgressionJudging`). A common
    /// progression named for another is wrong at some chord, since none begins with another.
    public var judging: ProgressionJudging { ProgressionJudging(progression) }

    /// Each chord's judgement, in the progression's order.
    public var chordsCorrect: [Bool] { judging.chordsCorrect(answer) }

    public var correctChords: Int { chordsCorrect.filter { $0 }.count }

    public var isCorrect: Bool { judging.isCorrect(correctChords: correctChords) }
}
