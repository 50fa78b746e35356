import Foundation

/// What a sparkline traces: one value per day, oldest first, and what that series is, in words
/// that say which way is better (a line alone does not tell whether rising is good news).
public struct Sparkline: Sendable {
    public let values: [Double]
    /// Whether there is any record behind it: without two values a line is drawn flat, quiet when
    /// there is nothing yet.
    public let hasData: Bool
    public let caption: DisciplineDeclaration.Names
    /// Measured thresholds ("Measure my threshold") drawn on the line as distinct marks with their
    /// 95 % intervals, so a measurement is told apart from the days' fits at a glance.
    public let marks: [Mark]

    /// A measurement beside the value at `index` (the newest day it finished on or after).
    public struct Mark: Sendable, Hashable {
        public let index: Int
        public let estimate: ThresholdEstimate

        public init(index: Int, estimate: ThresholdEstimate) {
            self.index = index
            self.estimate = estimate
        }

        /// Each measurement placed beside the newest of `days` (their starts, oldest first) that
        /// began on or before the day it finished: the line's day it belongs to.
        public static func placing(_ measurements: [ThresholdMeasurement], on days: [Date], calendar: Calendar)
            -> [Mark]
        {
            measurements.map { measurement in
                let finished = calendar.startOfDay(for: measurement.finished)
                return Mark(index: max(days.lastIndex { $0 <= finished } ?? 0, 0), estimate: measurement.estimate)
            }
        }
    }

    /// Which way a kind's series is better: an error or threshold falls as the user improves, a
    /// signed offset comes to zero.
    public enum Reading: String, Sendable, CaseIterable {
        case lowerIsBetter, closerToZero
    }

    public init(values: [Double], hasData: Bool, caption: DisciplineDeclaration.Names, marks: [Mark] = []) {
        self.values = values
        self.hasData = hasData
        self.caption = caption
        self.marks = marks
    }

    /// A sparkline is a glance a few hundred pixels wide: past this many points, a line over years
    /// of days drew tens of kilobytes of detail no one could see.
    public static let maximumPoints = 60

    /// `count` values, oldest first, cut into at most `maximumPoints` runs of consecutive values as
    /// equal as can be; each value alone when they are few.
    public static func runs(of count: Int) -> [Range<Int>] {
        let runs = min(count, maximumPoints)
        return (0..<runs).map { run in (run * count / runs)..<((run + 1) * count / runs) }
    }

    /// The threshold of a day's timeline, per day while they are few and per run of days
    /// (`runs(of:)`, each run's answers pooled, read at its last answer) when they are many; what it
    /// cannot place is left out.
    /// `measurements` are marked beside the day or run they finished in.
    public static func threshold(_ timeline: ThresholdTimeline, measurements: [ThresholdMeasurement] = []) -> Sparkline
    {
        let placed = zip(runs(of: timeline.aggregates.count), timeline.overview()).compactMap { run, fit in
            fit.map { (start: timeline.aggregates[run.lowerBound].start, threshold: $0.threshold.rawValue) }
        }
        return Sparkline(
            values: placed.map(\.threshold), hasData: !timeline.isEmpty,
            caption: .init(
                english: "Fitted threshold over time: lower is better",
                german: "Geschätzte Schwelle im Lauf der Zeit: niedriger ist besser"),
            marks: Mark.placing(
                Array(measurements.suffix(maximumPoints)), on: placed.map(\.start), calendar: timeline.calendar))
    }
}
