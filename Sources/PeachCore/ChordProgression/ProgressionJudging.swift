/// How the numerals named are judged, as data: the numeral that is right at each place of the
/// progression, and how many places must be right for the whole progression to be (all of them).
/// The record judges by it, and each trial serves it (`judging`) so that the page shows each
/// chord's judgement and the whole one at the last tap as the server will.
public struct ProgressionJudging: Codable, Hashable, Sendable, APIDescribed {
    /// For each chord in order, the numeral that names it.
    public let rightNumerals: [RomanNumeral]
    /// How many right places make the progression right.
    public let chordsNeeded: Int

    public init(_ progression: Progression) {
        rightNumerals = progression.numerals
        chordsNeeded = progression.count
    }

    /// Whether each numeral named is right at its place; a missing one is wrong.
    public func chordsCorrect(_ answer: Progression) -> [Bool] {
        rightNumerals.indices.map { $0 < answer.count && answer.numerals[$0] == rightNumerals[$0] }
    }

    public func isCorrect(correctChords: Int) -> Bool { correctChords >= chordsNeeded }

    public static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "rightNumerals": .describe(
                "For each chord of the progression in order, the numeral that is right there: a chord is right when the numeral named at its place is this one."
            ),
            "chordsNeeded": .describe("How many chords must be named right for the progression to be right."),
        ]
    }
}
