import Foundation

/// An answered Chord Progressions trial: the key, the progression played, how it was tuned and the
/// discipline (the record's labels), the numerals the user named, in order, or in the
/// common-progressions discipline the numerals of the progression named, and each chord's inversion
/// as played. Exactly what is stored; whether each chord was named right follows from the two
/// progressions, whatever its inversion.
public struct CompletedChordProgression: Hashable, Sendable {
    public let tonicNote: MIDINote
    public let mode: ScaleMode
    public let progression: Progression
    public let answer: Progression
    /// Nil for an answer stored before records kept them (schema v16, PostgreSQL v14, CSV format 9):
    /// its trial may have been inverted, and nobody knows which chords.
    public let inversions: ChordInversions?
    public let tuningSystem: TuningSystem
    public let timestamp: Date
    public let discipline: Discipline

    public init(
        tonicNote: MIDINote, mode: ScaleMode, progression: Progression, answer: Progression,
        inversions: ChordInversions?, tuningSystem: TuningSystem, timestamp: Date,
        discipline: Discipline = .chordProgression
    ) {
        self.tonicNote = tonicNote
        self.mode = mode
        self.progression = progression
        self.answer = answer
        self.inversions = inversions
        self.tuningSystem = tuningSystem
        self.timestamp = timestamp
        self.discipline = discipline
    }

    public init(_ trial: ChordProgressionTrial, answer: Progression, timestamp: Date) {
        self.init(
            tonicNote: trial.tonic, mode: trial.mode, progression: trial.progression, answer: answer,
            inversions: trial.playedInversions, tuningSystem: trial.tuningSystem, timestamp: timestamp,
            discipline: trial.discipline)
    }

    /// The progression's chords as played, each named with its inversion's figure (V⁶); the numerals
    /// alone where the inversions are not known.
    public var chordNames: [String] {
        guard let inversions else { return progression.numerals.map(\.rawValue) }
        return zip(progression.numerals, inversions.inversions).map { $0.figured(inversion: $1) }
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
