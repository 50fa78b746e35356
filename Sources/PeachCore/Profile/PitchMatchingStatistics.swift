import Foundation

/// How close pitch-matching attempts land (the Profile's mean absolute error and SD): overall, not per note, and per
/// calendar day for the sparkline on Start.
public struct PitchMatchingStatistics: Hashable, Sendable, Codable {
    /// The attempts of one calendar day.
    public struct Day: Hashable, Sendable, Codable {
        public let start: Date
        fileprivate let end: Date
        fileprivate var absoluteErrors = Welford()

        public var meanAbsoluteError: Cents { Cents(absoluteErrors.mean ?? 0) }

        fileprivate init(start: Date, end: Date) {
            self.start = start
            self.end = end
        }

        // Flat, as [start, end, errors]: saved profiles hold one per day.
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            start = Date(timeIntervalSinceReferenceDate: try container.decode(Double.self))
            end = Date(timeIntervalSinceReferenceDate: try container.decode(Double.self))
            absoluteErrors = try container.decode(Welford.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(start.timeIntervalSinceReferenceDate)
            try container.encode(end.timeIntervalSinceReferenceDate)
            try container.encode(absoluteErrors)
        }
    }

    private var absoluteErrors = Welford()
    /// The newest absolute errors, oldest first, for the trend.
    private var recentErrors: [Double] = []
    private let calendar: Calendar
    /// Oldest first.
    public private(set) var days: [Day] = []

    public init(calendar: Calendar = Calendar(identifier: .gregorian)) {
        self.calendar = calendar
    }

    public mutating func add(_ attempt: CompletedPitchMatching) {
        let error = attempt.userCentError.magnitude.rawValue
        absoluteErrors.add(error)
        recentErrors.append(error)
        // Trimmed in batches, so adding stays O(1) amortised.
        if recentErrors.count >= 2 * Trend.window { recentErrors.removeFirst(recentErrors.count - Trend.window) }
        // Answers arrive in time order: the newest day takes them without calendar work.
        if let last = days.indices.last, days[last].start <= attempt.timestamp, attempt.timestamp < days[last].end {
            days[last].absoluteErrors.add(error)
            return
        }
        let start = calendar.startOfDay(for: attempt.timestamp)
        // Out of order (an import of older records): found from the newest end.
        let index = days.lastIndex { $0.start < start }.map { $0 + 1 } ?? 0
        if index == days.endIndex || days[index].start != start {
            let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
            days.insert(Day(start: start, end: end), at: index)
        }
        days[index].absoluteErrors.add(error)
    }

    public var count: Int { absoluteErrors.count }
    /// Nothing, not zero, before the first attempt.
    public var meanAbsoluteError: Cents? { absoluteErrors.mean.map(Cents.init) }
    /// The sample standard deviation of the absolute errors.
    public var standardDeviation: Cents? { absoluteErrors.standardDeviation.map(Cents.init) }
    /// Whether the newest attempts land closer than the ones before them; nil until there are enough.
    public var trend: Trend? { Trend(absoluteErrors: recentErrors) }
}
