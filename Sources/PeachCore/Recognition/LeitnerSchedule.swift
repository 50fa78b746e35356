import Foundation

/// Which item comes next when a set is learnt by naming what is heard (scale degrees, chord
/// qualities): Leitner boxes. Every item starts in the first box. A right answer moves the item up
/// one box; a wrong one sends back to the first box both the item asked and the item named for
/// it, since the listener mixed the two up. An item is drawn with a weight that halves from box to
/// box, so confused items come back often and mastered ones now and then, never not at all.
public struct LeitnerSchedule<Item: Hashable & Sendable>: Sendable {
    public static var boxCount: Int { 5 }

    private var boxes: [Item: Int] = [:]

    public init() {}

    /// 0 (new or just confused) to `boxCount - 1` (mastered).
    public func box(of item: Item) -> Int { boxes[item] ?? 0 }

    /// How much more often than a mastered item this one is drawn.
    public func weight(of item: Item) -> Double { Double(1 << (Self.boxCount - 1 - box(of: item))) }

    public mutating func record(asked: Item, answered: Item) {
        if asked == answered {
            boxes[asked] = min(box(of: asked) + 1, Self.boxCount - 1)
        } else {
            boxes[asked] = 0
            boxes[answered] = 0
        }
    }

    /// The chance that `item` is the next drawn from `items`.
    public func share(of item: Item, among items: [Item]) -> Double {
        items.contains(item) ? weight(of: item) / items.reduce(0) { $0 + weight(of: $1) } : 0
    }

    /// One of `items` (not empty), each as likely as its weight says, times `also` (another
    /// schedule's weight of it, say; 1 by default).
    public func draw(
        from items: [Item], also: (Item) -> Double = { _ in 1 }, using generator: inout some RandomNumberGenerator
    ) -> Item {
        let weights = items.map { weight(of: $0) * also($0) }
        var point = Double.random(in: 0..<weights.reduce(0, +), using: &generator)
        for (item, weight) in zip(items, weights) {
            point -= weight
            if point < 0 { return item }
        }
        return items[items.count - 1]
    }
}
