/// Chords named by Roman numeral, in the order played: what a progression is and what an answer
/// names. Stored in one column as the numerals separated by spaces ("I IV V I").
public struct Progression: Hashable, Sendable, CustomStringConvertible {
    public let numerals: [RomanNumeral]

    public init(_ numerals: [RomanNumeral]) { self.numerals = numerals }

    /// How many chords a progression has: three to five.
    public static let lengths = 3...5

    public var count: Int { numerals.count }

    public var description: String { numerals.map(\.rawValue).joined(separator: " ") }
}

extension Progression: RecordText {
    public static let notation =
        "Roman numerals (I ii iii IV V vi vii° i ii° III iv VI VII V7) separated by single spaces"
    public static let example = Progression([.one, .four, .five, .one])

    /// Its length is the record's to judge (`importProblem`), not the notation's.
    public init?(recordText: String) {
        let numerals = recordText.split(separator: " ", omittingEmptySubsequences: false).map {
            RomanNumeral(rawValue: String($0))
        }
        guard !numerals.isEmpty, numerals.allSatisfy({ $0 != nil }) else { return nil }
        self.init(numerals.map { $0! })
    }

    public var recordText: String { description }

    public init(from decoder: any Decoder) throws { try self.init(recordTextFrom: decoder) }

    public func encode(to encoder: any Encoder) throws { try encode(recordTextTo: encoder) }
}

extension Progression: APIDescribed {
    private static var numeral: String { "(" + RomanNumeral.allCases.map(\.rawValue).joined(separator: "|") + ")" }

    public static var apiNotes: [String: APINote] {
        [
            "": APINote().with("pattern", "^\(numeral)( \(numeral))*$")
                .describe("Roman numerals in the order played, separated by spaces (\"I IV V I\")")
        ]
    }
}
