import Foundation
import Synchronization

/// Comparisons aggregated by calendar period, for the Profile's threshold timeline: one point per hour, day, week or month
/// with the threshold at its last answer (the headline's tracker, smoothed: read from the answers
/// before and after it, `ThresholdTracker.smoothed`) and the mean difference played, plus a
/// rolling mean and standard deviation of the latter. Fits are computed when first asked for and
/// kept until an answer changes them.
///
/// Updated one comparison at a time; a comparison in the newest period costs no calendar work,
/// so rebuilding from a million records stays fast.
public struct ThresholdTimeline: Sendable, Codable {
    /// Finest first: a chart zoomed out draws the next one (`ChartPeriod`).
    public enum Period: String, Hashable, Sendable, Codable, CaseIterable {
        case hour, day, week, month

        var component: Calendar.Component {
            switch self {
            case .hour: .hour
            case .day: .day
            case .week: .weekOfYear
            case .month: .month
            }
        }

        /// The nominal length, for placing periods on a time axis.
        public var nominalSeconds: Double {
            switch self {
            case .hour: 3600
            case .day: 86_400
            case .week: 604_800
            case .month: 2_629_746 // a Gregorian year's twelfth
            }
        }
    }

    /// The comparisons of one period.
    public struct Aggregate: Hashable, Sendable, Codable {
        public let start: Date
        public private(set) var count = 0
        public private(set) var correctCount = 0
        private var differenceSum = 0.0
        /// What the threshold fit needs from this period's answers.
        public private(set) var counts = TrialCounts()

        init(start: Date) { self.start = start }

        // One flat array per period, not an object: a saved profile holds thousands of periods,
        // and start-up decodes them all.
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            start = Date(timeIntervalSinceReferenceDate: try container.decode(Double.self))
            count = try container.decode(Int.self)
            correctCount = try container.decode(Int.self)
            differenceSum = try container.decode(Double.self)
            counts = try container.decode(TrialCounts.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(start.timeIntervalSinceReferenceDate)
            try container.encode(count)
            try container.encode(correctCount)
            try container.encode(differenceSum)
            try container.encode(counts)
        }

        /// The mean unsigned cent difference played in this period.
        public var meanThreshold: Cents { Cents(differenceSum / Double(count)) }

        mutating func add(_ comparison: CompletedComparison, bin: TrialCounts.Bin?) {
            count += 1
            correctCount += comparison.isCorrect ? 1 : 0
            differenceSum += comparison.centDifference.rawValue
            if let bin { counts.add(bin) }
        }
    }

    /// One period as the chart draws it.
    public struct Point: Hashable, Sendable {
        public let aggregate: Aggregate
        /// The mean of the period means over the rolling window ending here.
        public let rollingMean: Cents
        /// Their sample standard deviation (zero while the window holds one period).
        public let rollingStandardDeviation: Cents
        /// The threshold at this period's last answer; nothing when the timeline cannot place it
        /// informatively (`ThresholdEstimate.ifInformative`).
        public let fit: ThresholdEstimate?
        /// Why `fit` is nil (`MissingThreshold`): the newest period's is the headline's.
        public let missingThreshold: MissingThreshold?
    }

    /// Periods per rolling window; before that many exist, the window is every period so far.
    public static let rollingWindow = 20

    public let period: Period
    public let calendar: Calendar
    public private(set) var aggregates: [Aggregate] = []
    private let fits = FitCache()
    /// The newest period's bounds, so that the common case (an answer now) needs no calendar call.
    private var newestInterval: Range<Date>?
    /// What the newest period shows.
    private var newest = Newest.smoothed

    /// At the newest answer nothing later smooths the tracker's reading, so it is the headline's
    /// filtered one; the profile keeps the newest answers in their order, which a period does not,
    /// and states the headline from them (`stating(now:)`).
    private enum Newest: Sendable {
        case smoothed
        case stated(ThresholdEstimate?, missing: MissingThreshold?)
    }

    public init(period: Period, calendar: Calendar) {
        self.period = period
        self.calendar = calendar
    }

    // The fit cache is left out: a decoded timeline fits again when first asked.
    private enum CodingKeys: String, CodingKey {
        case period, calendar, aggregates, newestInterval
    }

    public var isEmpty: Bool { aggregates.isEmpty }

    /// This timeline with `now`, the profile's headline from the same answers, as its newest period's
    /// threshold, and `missing` as why there is none: the page's "now" and the timeline's newest
    /// point are one reading.
    func stating(now: ThresholdEstimate?, missing: MissingThreshold?) -> ThresholdTimeline {
        var timeline = self
        timeline.newest = .stated(now, missing: missing)
        return timeline
    }

    public mutating func add(_ comparison: CompletedComparison) {
        add(comparison, bin: TrialCounts.Bin(ThresholdEstimator.Trial(comparison)))
    }

    /// - Parameter bin: the comparison's, worked out once for every period length.
    public mutating func add(_ comparison: CompletedComparison, bin: TrialCounts.Bin?) {
        let time = comparison.timestamp
        if let newestInterval, newestInterval.contains(time) {
            aggregates[aggregates.count - 1].add(comparison, bin: bin)
            return
        }
        let interval = calendar.dateInterval(of: period.component, for: time)!
        // Records arrive in time order, so the position is almost always the end.
        var position = aggregates.count
        while position > 0, aggregates[position - 1].start >= interval.start { position -= 1 }
        if position < aggregates.count, aggregates[position].start == interval.start {
            aggregates[position].add(comparison, bin: bin)
            return
        }
        var aggregate = Aggregate(start: interval.start)
        aggregate.add(comparison, bin: bin)
        aggregates.insert(aggregate, at: position)
        if position == aggregates.count - 1 { newestInterval = interval.start..<interval.end }
    }

    /// Every period, oldest first, with its fit and rolling statistics.
    public var points: [Point] { points(in: aggregates.indices) }

    /// The periods at `range` (indices into `aggregates`), with the same values `points` gives them.
    public func points(in range: Range<Int>) -> [Point] {
        let first = max(0, range.lowerBound - Self.rollingWindow + 1)
        let means = aggregates[first..<range.upperBound].map(\.meanThreshold.rawValue)
        // Fewer answers than any reading needs: the smoother reads none of the periods.
        let answers = aggregates.reduce(0) { $0 + $1.count }
        return range.map { point(at: $0 - first, means: means, offset: first, answers: answers) }
    }

    /// The user's current average: the newest point's rolling mean, without fitting anything.
    public var currentRollingMean: Cents? {
        aggregates.isEmpty
            ? nil : Cents(Welford(aggregates.suffix(Self.rollingWindow).map(\.meanThreshold.rawValue)).mean!)
    }

    private func point(at index: Int, means: [Double], offset: Int, answers: Int) -> Point {
        let window = Welford(means[max(0, index - Self.rollingWindow + 1)...index])
        let fit = fit(at: index + offset)
        let missing: MissingThreshold?
        if index + offset == aggregates.count - 1, case .stated(_, let headline) = newest {
            missing = headline
        } else {
            missing = MissingThreshold(period: aggregates[index + offset], fit: fit, answersRead: answers)
        }
        return Point(
            aggregate: aggregates[index + offset], rollingMean: Cents(window.mean!),
            rollingStandardDeviation: Cents(window.standardDeviation!), fit: fit?.ifInformative,
            missingThreshold: missing)
    }

    /// What a sparkline traces (`Sparkline.runs(of:)`): each period's threshold while the periods
    /// are few; when they are many, the threshold at the last answer of each run of periods, the runs'
    /// answers pooled and read as periods are. Reading every day of years of training took hundreds
    /// of milliseconds for a line of a few hundred pixels; tens of runs keep its shape.
    public func overview() -> [ThresholdEstimate?] {
        let runs = Sparkline.runs(of: aggregates.count)
        guard runs.count < aggregates.count else { return aggregates.indices.map { fit(at: $0)?.ifInformative } }
        let key = FitCache.Key(
            first: aggregates[0].start, last: aggregates[aggregates.count - 1].start,
            answers: aggregates.reduce(0) { $0 + $1.count })
        var estimates = fits.overview(for: key) {
            ThresholdTracker().smoothed(
                runs.map { run in
                    var counts = TrialCounts()
                    for aggregate in aggregates[run] { counts.add(aggregate.counts) }
                    return counts
                })
        }
        if case .stated(let now, _) = newest {
            estimates[estimates.count - 1] = newestPoint(
                now, answers: aggregates[runs.last!].reduce(0) { $0 + $1.count })
        }
        return estimates.map { $0?.ifInformative }
    }

    /// The headline as the newest point: its reading, but counted as the point's own answers, as
    /// every other point's `trialCount` is its period's.
    private func newestPoint(_ now: ThresholdEstimate?, answers: Int) -> ThresholdEstimate? {
        now.map {
            ThresholdEstimate(
                threshold: $0.threshold, lower: $0.lower, upper: $0.upper, upperIsOpen: $0.upperIsOpen,
                percentCorrect: $0.percentCorrect, trialCount: answers)
        }
    }

    /// Fits are computed for blocks of this many periods, each read with the answers of
    /// `ThresholdTracker.window` more on either side: at the tracker's step, answers further away
    /// say next to nothing about a period's threshold (as older ones say next to nothing about the
    /// headline's), and an answer now recomputes only the newest block.
    static let smoothingBlock = 64

    private func fit(at index: Int) -> ThresholdEstimate? {
        if index == aggregates.count - 1, case .stated(let now, _) = newest {
            return newestPoint(now, answers: aggregates[index].count)
        }
        let block = index / Self.smoothingBlock * Self.smoothingBlock
        let end = min(aggregates.count, block + Self.smoothingBlock)
        var first = block
        var before = 0
        while first > 0, before < ThresholdTracker.window {
            first -= 1
            before += aggregates[first].count
        }
        var last = end
        var after = 0
        while last < aggregates.count, after < ThresholdTracker.window {
            after += aggregates[last].count
            last += 1
        }
        let read = first..<last
        let key = FitCache.Key(
            first: aggregates[read.lowerBound].start, last: aggregates[read.upperBound - 1].start,
            answers: aggregates[read].reduce(0) { $0 + $1.count })
        let estimates = fits.value(for: key, limit: aggregates.count / Self.smoothingBlock + 16) {
            ThresholdTracker().smoothed(aggregates[read].map(\.counts))
        }
        return estimates[index - read.lowerBound]
    }
}

/// The fits of each block, shared by every copy of a timeline. A block is keyed by the first and
/// last period it reads and the number of answers in them, so an answer added later simply makes a
/// new key.
private final class FitCache: Sendable {
    struct Key: Hashable, Sendable {
        let first: Date
        let last: Date
        let answers: Int
    }

    private let fits = Mutex<[Key: [ThresholdEstimate?]]>([:])
    /// The newest overview only: the sparkline asks for the timeline as it is now.
    private let overviews = Mutex<(key: Key, estimates: [ThresholdEstimate?])?>(nil)

    func overview(for key: Key, compute: () -> [ThresholdEstimate?]) -> [ThresholdEstimate?] {
        if let known = overviews.withLock({ $0 }), known.key == key { return known.estimates }
        let computed = compute()
        overviews.withLock { $0 = (key, computed) }
        return computed
    }

    /// - Parameter limit: beyond this many entries the cache starts over (keys of blocks that have
    ///   since grown are never asked for again).
    func value(for key: Key, limit: Int, compute: () -> [ThresholdEstimate?]) -> [ThresholdEstimate?] {
        if let known = fits.withLock({ $0[key] }) { return known }
        let computed = compute()
        fits.withLock { fits in
            if fits.count >= limit { fits.removeAll(keepingCapacity: true) }
            fits[key] = computed
        }
        return computed
    }
}
