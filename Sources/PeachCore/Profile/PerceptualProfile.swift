import Foundation
import Synchronization

/// Everything the user's records say about their hearing, kept up to date one answer at a time:
/// built once from the stored records at start-up, then updated per answer, so no question about
/// the profile ever re-reads the records.
public struct PerceptualProfile: Sendable, Codable {
    public private(set) var comparisonCount = 0
    public private(set) var correctCount = 0
    public private(set) var firstComparison: Date?
    public private(set) var lastComparison: Date?
    private var differences = Welford()
    /// The newest comparisons, enough for the threshold and its change.
    private var recent: [ThresholdEstimator.Trial] = []
    /// The newest comparisons the threshold and its change read: a profile folded from only these
    /// fits exactly as one folded from every record (a teacher's class view relies on it).
    public static let recentCapacity = max(ThresholdEstimator.window, ThresholdChange.span + ThresholdTracker.window)
    public private(set) var matching: PitchMatchingStatistics
    /// One per period length, in `Period.allCases` order (an array: start-up replays a million
    /// answers through here, and a dictionary lookup per answer and period showed).
    private var timelines: [ThresholdTimeline]
    /// The "Measure my threshold" runs of this scope's measurement discipline
    /// (`ComparisonKind.measuredBy`); their answers count here like any comparison.
    public private(set) var measurements = ThresholdMeasurements()
    /// The tracker's estimate, worked out when first asked for after an answer: reading 2000
    /// answers takes milliseconds, and a Profile page asks for every scope's. Kept informative or
    /// not: an uninformative one is what `missingThreshold` states instead.
    private var tracked = Remembered<ThresholdEstimate>()
    /// The change over the newest answers, kept the same way: two more passes of the tracker.
    private var changed = Remembered<ThresholdChange>()

    private enum CodingKeys: String, CodingKey {
        case comparisonCount, correctCount, firstComparison, lastComparison, differences, recent, matching, timelines
        case measurements
    }

    public init(calendar: Calendar) {
        matching = PitchMatchingStatistics(calendar: calendar)
        timelines = ThresholdTimeline.Period.allCases.map { ThresholdTimeline(period: $0, calendar: calendar) }
    }

    /// A profile of one scope: a measurement discipline's answer belongs to its runs.
    public mutating func record(_ comparison: CompletedComparison) {
        record(comparison, measures: ComparisonKind.measures(comparison.discipline))
    }

    /// `measures`: whether the answer belongs to this scope's measurement runs.
    public mutating func record(_ comparison: CompletedComparison, measures: Bool) {
        comparisonCount += 1
        correctCount += comparison.isCorrect ? 1 : 0
        // A copy made before this answer keeps its own estimate.
        if isKnownUniquelyReferenced(&tracked) { tracked.forget() } else { tracked = Remembered() }
        if isKnownUniquelyReferenced(&changed) { changed.forget() } else { changed = Remembered() }
        firstComparison = min(firstComparison ?? comparison.timestamp, comparison.timestamp)
        lastComparison = max(lastComparison ?? comparison.timestamp, comparison.timestamp)
        differences.add(comparison.centDifference.rawValue)
        let trial = ThresholdEstimator.Trial(comparison)
        recent.append(trial)
        // Trimmed in batches so that keeping the newest trials costs O(1) per answer.
        if recent.count >= 2 * Self.recentCapacity { recent.removeFirst(recent.count - Self.recentCapacity) }
        let bin = TrialCounts.Bin(trial)
        for index in timelines.indices { timelines[index].add(comparison, bin: bin) }
        if measures { measurements.add(comparison) }
    }

    public mutating func record(_ attempt: CompletedPitchMatching) {
        matching.add(attempt)
    }

    /// The mean unsigned cent difference over every comparison; nothing before the first one.
    /// A fresh Kazez chain starts here, near where the listener already is.
    public var meanThreshold: Cents? { differences.mean.map(Cents.init) }

    public var thresholdStandardDeviation: Cents? { differences.standardDeviation.map(Cents.init) }

    /// The direction of `thresholdChange`; nothing while there is none ("not enough data").
    public var trend: Trend? { thresholdChange.map(Trend.init) }

    /// The threshold now, tracked through the newest `ThresholdTracker.window` comparisons (it may
    /// have moved while they were answered); nothing until it is informative
    /// (`ThresholdEstimate.ifInformative`).
    public var thresholdEstimate: ThresholdEstimate? { trackedFit?.ifInformative }

    /// Why `thresholdEstimate` is nil, as the tracker's answers tell it; nil when there is one.
    public var missingThreshold: MissingThreshold? {
        MissingThreshold(recent.suffix(ThresholdTracker.window), fit: trackedFit)
    }

    private var trackedFit: ThresholdEstimate? { tracked.value { Self.fit(recent) } }

    /// The threshold now as the profile states it, of `trials` (oldest first): an assignment's task
    /// fits its own answers by this rule too.
    public static func threshold(fittedTo trials: some Collection<ThresholdEstimator.Trial>) -> ThresholdEstimate? {
        fit(trials)?.ifInformative
    }

    private static func fit(_ trials: some Collection<ThresholdEstimator.Trial>) -> ThresholdEstimate? {
        ThresholdTracker().estimate(trials.suffix(ThresholdTracker.window))
    }

    /// How far the threshold moved over the newest answers (`ThresholdChange`); nothing until the
    /// threshold can be stated both at the start of the span and now.
    public var thresholdChange: ThresholdChange? {
        changed.value { ThresholdChange(trials: recent.suffix(ThresholdChange.span + ThresholdTracker.window)) }
    }

    /// The timeline of `period`, its newest point the headline (`thresholdEstimate`).
    public func timeline(_ period: ThresholdTimeline.Period) -> ThresholdTimeline {
        timelines.first { $0.period == period }!.stating(now: thresholdEstimate, missing: missingThreshold)
    }
}

/// One of the profile's tracked figures, kept until its next answer.
private final class Remembered<Value: Sendable>: Sendable {
    private let estimate = Mutex<Value??>(nil)

    func value(_ compute: () -> Value?) -> Value? {
        if let known = estimate.withLock({ $0 }) { return known }
        let computed = compute()
        estimate.withLock { $0 = .some(computed) }
        return computed
    }

    func forget() { estimate.withLock { $0 = nil } }
}
