/// How the numerals named are judged, as data: the numeral that is right at each place of the
/// progression. The record judges by it, and each trial serves it (`judging`) so that the page
/// shows each chord's judgement at the last tap as the server will.
public struct ProgressionJudging: Codable, Hashable, Sendable, APIDescribed {
    /// For each chord in order, the numeral that names it.
    public let rightNumerals: [RomanNumeral]

    public init(_ progression: Progression) { rightNumerals = progression.numerals }

    /// Whether each numeral named is right at its place; a missing one is wrong.
    public func chordsCorrect(_ answer: Progression) -> [Bool] {
        rightNumerals.indices.map { $0 < answer.count && answer.numerals[$0] == rightNumerals[$0] }
    }

    public static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "rightNumerals": .describe(
                "For each chord of the progression in order, the numeral that is right there: a chord is right when the numeral named at its place is this one."
            ),
        ]
    }
}
