import Foundation

/// What Scale Degrees' answers add up to: for each degree asked, what the user named (the
/// confusion matrix the Profile draws), and the share of wrong answers day by day.
public struct ScaleDegreeProfile: ProfilePart {
    public struct Day: Sendable {
        public let start: Date
        public fileprivate(set) var answers = 0
        public fileprivate(set) var wrong = 0
    }

    private let calendar: Calendar
    /// answered[asked][named]: how often `named` was the answer when `asked` was played.
    public private(set) var answered: [ScaleDegree: [ScaleDegree: Int]] = [:]
    public private(set) var days: [Day] = []
    public private(set) var count = 0

    public init(calendar: Calendar) { self.calendar = calendar }

    public mutating func add(_ record: CompletedScaleDegree) {
        answered[record.degree, default: [:]][record.answeredDegree, default: 0] += 1
        count += 1
        let start = calendar.startOfDay(for: record.timestamp)
        if days.last?.start != start { days.append(Day(start: start)) }
        days[days.count - 1].answers += 1
        if !record.isCorrect { days[days.count - 1].wrong += 1 }
    }

    /// The share of right answers when `degree` was played; nil before it was.
    public func accuracy(of degree: ScaleDegree) -> Double? {
        guard let row = answered[degree] else { return nil }
        return Double(row[degree] ?? 0) / Double(row.values.reduce(0, +))
    }

    /// How many of the newest training days the sparkline traces.
    public static let sparklineDays = 30

    public var dailyErrorPercent: [Double] {
        days.suffix(Self.sparklineDays).map { 100 * Double($0.wrong) / Double($0.answers) }
    }
}
