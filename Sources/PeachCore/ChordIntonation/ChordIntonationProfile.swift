import Foundation

/// What Which Voice's answers add up to: the threshold fitted to the newest answers and one fitted
/// per day, both for a choice of three (a listener who hears nothing is right a third of the time).
public struct ChordIntonationProfile: ProfilePart {
    public struct Day: Sendable {
        public let start: Date
        public fileprivate(set) var counts = TrialCounts()
    }

    /// A choice of three voices.
    public static let estimator = ThresholdEstimator(guessRate: 1.0 / 3)

    private let calendar: Calendar
    public private(set) var recent: [ThresholdEstimator.Trial] = []
    public private(set) var days: [Day] = []
    /// The runs of "Measure my threshold in chords"; their answers count above like any other.
    public private(set) var measurements = ChordIntonationKind.freshRuns

    public init(calendar: Calendar) { self.calendar = calendar }

    public mutating func add(_ record: CompletedChordIntonation) {
        if ChordIntonationKind.measures(record.discipline) { measurements.add(record) }
        let trial = ThresholdEstimator.Trial(difference: record.centDifference.rawValue, isCorrect: record.isCorrect)
        recent.append(trial)
        if recent.count > 2 * Self.recentCapacity { recent.removeFirst(recent.count - Self.recentCapacity) }
        let start = calendar.startOfDay(for: record.timestamp)
        if days.last?.start != start { days.append(Day(start: start)) }
        days[days.count - 1].counts.add(trial)
    }

    public var count: Int { days.reduce(0) { $0 + $1.counts.count } }

    /// The newest answers the threshold and its change read: as many as the pitch scopes keep, so
    /// that a profile folded from only these reads as one folded from every answer.
    public static let recentCapacity = PerceptualProfile.recentCapacity

    /// How far the threshold moved over the newest answers, read as the pitch scopes read theirs
    /// (`ThresholdChange`), by a tracker for a choice of three; nothing until it can be stated.
    public var thresholdChange: ThresholdChange? {
        ThresholdChange(trials: recent.suffix(Self.recentCapacity), tracker: ThresholdTracker(guessRate: 1.0 / 3))
    }

    /// The threshold of the newest answers, when they can place it.
    public var threshold: ThresholdEstimate? { Self.threshold(fittedTo: recent) }

    /// Why `threshold` is nil, as the newest answers tell it; nil when there is one.
    public var missingThreshold: MissingThreshold? {
        MissingThreshold(recent.suffix(ThresholdEstimator.window), fit: Self.fit(recent))
    }

    /// The threshold of the newest of `trials` (oldest first), as the headline states it: an
    /// assignment's task fits its own answers by this rule too.
    public static func threshold(fittedTo trials: some Collection<ThresholdEstimator.Trial>) -> ThresholdEstimate? {
        fit(trials)?.ifInformative
    }

    private static func fit(_ trials: some Collection<ThresholdEstimator.Trial>) -> ThresholdEstimate? {
        estimator.estimate(trials.suffix(ThresholdEstimator.window))
    }

    /// How many of the newest training days the sparkline traces: tens of points, whatever the history.
    public static let sparklineDays = 30

    /// For each of the newest training days, the threshold fitted to the newest answers up to the
    /// end of that day (at most `ThresholdEstimator.window` of them, as the headline uses): a day of a
    /// few chords still has a point, read with the days before it. Days that cannot place one are
    /// left out.
    public var dailyThresholds: [(day: Date, threshold: Double)] {
        days.indices.suffix(Self.sparklineDays).compactMap { end in
            var counts = TrialCounts()
            for day in days[...end].reversed() {
                counts.add(day.counts)
                if counts.count >= ThresholdEstimator.window { break }
            }
            return Self.estimator.estimate(counts)?.ifInformative.map { (days[end].start, $0.threshold.rawValue) }
        }
    }

    /// The finished measurements as marks on a line of `days` (their starts, oldest first), each
    /// beside the day it finished, on this profile's calendar.
    public func measuredMarks(on days: [Date]) -> [Sparkline.Mark] {
        Sparkline.Mark.placing(
            Array(measurements.finished.suffix(Sparkline.maximumPoints)), on: days, calendar: calendar)
    }
}
