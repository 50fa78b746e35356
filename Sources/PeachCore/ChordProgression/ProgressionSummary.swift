/// Chord Progressions' part of the Profile as the API sends it (`GET /api/profile/part?discipline=
/// chordProgression`): each chord change heard, with how often its second chord was named right,
/// the hardest first, so a user sees where a numeral's context misleads them (V after ii named IV).
public struct ProgressionSummary: Codable, Sendable, APIDescribed {
    public struct Move: Codable, Sendable, APIDescribed {
        public let from: RomanNumeral
        public let to: RomanNumeral
        public let chords: Int
        public let correct: Int
        public let accuracy: Double

        public static var apiNotes: [String: APINote] {
            [
                "from": .describe("The chord heard before: the cadence's tonic before a progression's first chord."),
                "to": .describe("The chord played, whose numeral was asked for."),
                "chords": .describe("How often this chord was played after that one."),
                "correct": .describe("How often it was named right there."),
                "accuracy": APINote.bounds(0...1.0).describe("correct ÷ chords."),
            ]
        }
    }

    public let chords: Int
    public let moves: [Move]

    /// The changes by their share right, lowest first; among equal shares the more often heard
    /// first, then in the numerals' order.
    init(_ moves: [ChordMove: ProgressionProfile.Tally]) {
        let order = RomanNumeral.allCases
        let index = { (numeral: RomanNumeral) in order.firstIndex(of: numeral)! }
        self.moves = moves.map { move, tally in
            Move(
                from: move.from, to: move.to, chords: tally.chords, correct: tally.correct,
                accuracy: Double(tally.correct) / Double(tally.chords))
        }
        .sorted {
            ($0.accuracy, -$0.chords, index($0.from), index($0.to))
                < ($1.accuracy, -$1.chords, index($1.from), index($1.to))
        }
        chords = self.moves.reduce(0) { $0 + $1.chords }
    }

    public static var apiNotes: [String: APINote] {
        [
            "chords": .describe("Chords named in all, each in the context of the chord before it."),
            "moves": .describe(
                "Each chord change heard, the lowest share named right first; empty for Common Progressions."),
        ]
    }
}
