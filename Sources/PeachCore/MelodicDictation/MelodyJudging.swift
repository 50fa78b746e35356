/// How a melody played back is judged, as data: the notes that count as right at each place of the
/// melody (its own note there: the same pitch class in the same octave), and how many places must
/// be right for the whole melody to be (all of them). The record judges by it, and each trial
/// serves it (`judging`) so that the page judges the last note at the tap as the server will.
public struct MelodyJudging: Codable, Hashable, Sendable, APIDescribed {
    /// For each place of the melody, the MIDI notes that are right there.
    public let rightNotes: [[Int]]
    /// How many right places make the melody right.
    public let notesNeeded: Int

    public init(_ melody: Melody) {
        rightNotes = melody.notes.map { [$0.rawValue] }
        notesNeeded = melody.count
    }

    /// Whether each played note is right at its place; a missing note is wrong.
    public func notesCorrect(_ answer: Melody) -> [Bool] {
        rightNotes.indices.map { $0 < answer.count && rightNotes[$0].contains(answer.notes[$0].rawValue) }
    }

    public func isCorrect(correctNotes: Int) -> Bool { correctNotes >= notesNeeded }

    public static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "rightNotes": .describe(
                "For each place of the melody in order, the MIDI notes that count as right there (pitch class and octave: the melody's note)."
            ),
            "notesNeeded": .describe("How many places must hold a right note for the melody to be right."),
        ]
    }
}
