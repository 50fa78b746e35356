import Foundation

/// Comparisons aggregated by calendar period (seed story 9.2): one point per hour, day or week
/// with its mean threshold, plus a rolling mean and standard deviation over the periods.
///
/// Updated one comparison at a time; a comparison in the newest period costs no calendar work,
/// so rebuilding from a million records stays fast.
public struct ThresholdTimeline: Sendable {
    public enum Period: String, Hashable, Sendable, Codable, CaseIterable {
        case hour, day, week

        var component: Calendar.Component {
            switch self {
            case .hour: .hour
            case .day: .day
            case .week: .weekOfYear
            }
        }

        /// The nominal length, for placing periods on a time axis.
        public var nominalSeconds: Double {
            switch self {
            case .hour: 3600
            case .day: 86_400
            case .week: 604_800
            }
        }
    }

    /// The comparisons of one period.
    public struct Aggregate: Hashable, Sendable {
        public let start: Date
        public private(set) var count = 0
        public private(set) var correctCount = 0
        private var differenceSum = 0.0

        init(start: Date) { self.start = start }

        /// The mean unsigned cent difference played in this period.
        public var meanThreshold: Cents { Cents(differenceSum / Double(count)) }

        mutating func add(_ comparison: CompletedComparison) {
            count += 1
            correctCount += comparison.isCorrect ? 1 : 0
            differenceSum += comparison.centDifference.rawValue
        }
    }

    /// One period as the chart draws it.
    public struct Point: Hashable, Sendable {
        public let aggregate: Aggregate
        /// The mean of the period means over the rolling window ending here.
        public let rollingMean: Cents
        /// Their sample standard deviation (zero while the window holds one period).
        public let rollingStandardDeviation: Cents
    }

    /// Periods per rolling window; before that many exist, the window is every period so far.
    public static let rollingWindow = 20

    public let period: Period
    public let calendar: Calendar
    public private(set) var aggregates: [Aggregate] = []
    /// The newest period's bounds, so that the common case (an answer now) needs no calendar call.
    private var newestInterval: Range<Date>?

    public init(period: Period, calendar: Calendar) {
        self.period = period
        self.calendar = calendar
    }

    public var isEmpty: Bool { aggregates.isEmpty }

    public mutating func add(_ comparison: CompletedComparison) {
        let time = comparison.timestamp
        if let newestInterval, newestInterval.contains(time) {
            aggregates[aggregates.count - 1].add(comparison)
            return
        }
        let interval = calendar.dateInterval(of: period.component, for: time)!
        // Records arrive in time order, so the position is almost always the end.
        var position = aggregates.count
        while position > 0, aggregates[position - 1].start >= interval.start { position -= 1 }
        if position < aggregates.count, aggregates[position].start == interval.start {
            aggregates[position].add(comparison)
            return
        }
        var aggregate = Aggregate(start: interval.start)
        aggregate.add(comparison)
        aggregates.insert(aggregate, at: position)
        if position == aggregates.count - 1 { newestInterval = interval.start..<interval.end }
    }

    /// Every period, oldest first, with its rolling statistics.
    public var points: [Point] {
        let means = aggregates.map(\.meanThreshold.rawValue)
        return aggregates.indices.map { point(at: $0, means: means) }
    }

    /// The newest period with its rolling statistics: the user's current average.
    public var latest: Point? {
        guard !aggregates.isEmpty else { return nil }
        let first = max(0, aggregates.count - Self.rollingWindow)
        let means = aggregates[first...].map(\.meanThreshold.rawValue)
        return point(at: aggregates.count - 1 - first, means: means, offset: first)
    }

    private func point(at index: Int, means: [Double], offset: Int = 0) -> Point {
        let window = Welford(means[max(0, index - Self.rollingWindow + 1)...index])
        return Point(
            aggregate: aggregates[index + offset], rollingMean: Cents(window.mean!),
            rollingStandardDeviation: Cents(window.standardDeviation!))
    }
}
