/// What a listener named for each item played, as the Profile draws it: `counts[played][named]`,
/// rows and columns in the order of `items` (the items played or named so far, in the kind's order).
public struct ConfusionMatrix: Hashable, Sendable {
    /// Each item's name on screen (a degree as ♭3).
    public let items: [String]
    public let counts: [[Int]]

    /// From the answers named for each item played; `order` is every item in the kind's order.
    public init<Item: Hashable>(_ answered: [Item: [Item: Int]], order: [Item], name: (Item) -> String) {
        let seen = Set(answered.keys).union(answered.values.flatMap(\.keys))
        let shown = order.filter(seen.contains)
        items = shown.map(name)
        counts = shown.map { played in shown.map { named in answered[played]?[named] ?? 0 } }
    }

    /// How often each item was played.
    public var played: [Int] { counts.map { $0.reduce(0, +) } }

    /// The share of right answers for each item played; nil for one only ever named.
    public var accuracy: [Double?] {
        counts.indices.map { row in played[row] == 0 ? nil : Double(counts[row][row]) / Double(played[row]) }
    }

    /// The share of right answers over every item played; nil before any answer.
    public var overallAccuracy: Double? {
        let total = played.reduce(0, +)
        return total == 0 ? nil : Double(counts.indices.map { counts[$0][$0] }.reduce(0, +)) / Double(total)
    }
}
