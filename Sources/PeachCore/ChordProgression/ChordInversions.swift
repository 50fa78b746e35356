/// Each chord's inversion as a progression was played, in order: the chord tone in the bass, 0 the
/// root, 1 the third, 2 the fifth, 3 the seventh. A record keeps them rather than whether the trial
/// allowed inversions: which chords the rule inverts (`ProgressionVoicing.bassLine`) may change while
/// the records last, and a musician's history should say what was heard. Stored in one column as the
/// figures separated by spaces ("0 1 0 0").
public struct ChordInversions: Hashable, Sendable, CustomStringConvertible {
    public let inversions: [Int]

    public init(_ inversions: [Int]) { self.inversions = inversions }

    /// Every chord in root position.
    public static func rootPosition(_ count: Int) -> ChordInversions {
        ChordInversions(Array(repeating: 0, count: count))
    }

    public var count: Int { inversions.count }

    public var description: String { inversions.map(String.init).joined(separator: " ") }
}

extension ChordInversions: RecordText {
    public static let notation = "inversions 0–3 (0 root position), one per chord, separated by single spaces"
    public static let example = ChordInversions([0, 1, 0, 0])

    /// Whether each fits its chord, and there is one per chord, is the record's to judge
    /// (`importProblem`), not the notation's.
    public init?(recordText: String) {
        let figures = recordText.split(separator: " ", omittingEmptySubsequences: false)
        guard !figures.isEmpty, figures.allSatisfy({ ["0", "1", "2", "3"].contains($0) }) else { return nil }
        self.init(figures.map { Int($0)! })
    }

    public var recordText: String { description }

    public init(from decoder: any Decoder) throws { try self.init(recordTextFrom: decoder) }

    public func encode(to encoder: any Encoder) throws { try encode(recordTextTo: encoder) }
}

extension ChordInversions: APIDescribed {
    public static var apiNotes: [String: APINote] {
        [
            "": APINote().with("pattern", "^[0-3]( [0-3])*$")
                .describe(
                    "Each chord's inversion as played, in order, separated by spaces (\"0 1 0 0\"): 0 root position, 1 the third in the bass, 2 the fifth, 3 the seventh"
                )
        ]
    }
}
