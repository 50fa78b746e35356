import Foundation

/// What answers naming what was heard add up to (scale degrees, chord qualities): for each item
/// asked, what the user named (the confusion matrix the Profile draws), and the share of wrong
/// answers day by day.
public struct RecognitionProfile<Item: Hashable & Sendable>: ProfilePart {
    public struct Day: Sendable {
        public let start: Date
        public fileprivate(set) var answers = 0
        public fileprivate(set) var wrong = 0
    }

    private let calendar: Calendar
    /// answered[asked][named]: how often `named` was the answer when `asked` was played.
    public private(set) var answered: [Item: [Item: Int]] = [:]
    public private(set) var days: [Day] = []
    public private(set) var count = 0

    public init(calendar: Calendar) { self.calendar = calendar }

    public mutating func add(asked: Item, answered named: Item, at timestamp: Date) {
        answered[asked, default: [:]][named, default: 0] += 1
        count += 1
        let start = calendar.startOfDay(for: timestamp)
        if days.last?.start != start { days.append(Day(start: start)) }
        days[days.count - 1].answers += 1
        if asked != named { days[days.count - 1].wrong += 1 }
    }

    /// The share of right answers when `item` was played; nil before it was.
    public func accuracy(of item: Item) -> Double? {
        guard let row = answered[item] else { return nil }
        return Double(row[item] ?? 0) / Double(row.values.reduce(0, +))
    }

    /// How many of the newest training days the sparkline traces.
    public static var sparklineDays: Int { 30 }

    public var dailyErrorPercent: [Double] {
        days.suffix(Self.sparklineDays).map { 100 * Double($0.wrong) / Double($0.answers) }
    }

    /// The Start screen's line: wrong answers per day, lower is better.
    public var sparkline: Sparkline {
        Sparkline(
            values: dailyErrorPercent, hasData: count > 0,
            caption: .init(
                english: "Wrong answers per day, in %: lower is better",
                german: "Falsche Antworten pro Tag, in %: niedriger ist besser"))
    }

    /// The heat map, items in the kind's order, each named as `name` says.
    public func confusion(order: [Item], name: (Item) -> String) -> ConfusionMatrix {
        ConfusionMatrix(answered, order: order, name: name)
    }
}
