import Foundation
import Hummingbird
import PeachCore

/// Encodes a missing value as JSON `null`: the profile says "no data" explicitly, where a synthesized
/// Encodable would silently drop the field.
struct Nullable<Wrapped: Encodable>: Encodable {
    let value: Wrapped?

    init(_ value: Wrapped?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

/// `GET /api/profile`: every number is null rather than zero when there is no data.
struct ProfileResponse: ResponseEncodable {
    struct Comparisons: Encodable {
        let count: Int
        let correctCount: Int
        let meanThreshold: Nullable<Double>
        let standardDeviation: Nullable<Double>
        let trend: Nullable<Trend>
        /// The rolling mean of the newest day: the "current average".
        let currentRollingMean: Nullable<Double>
        let first: Nullable<String>
        let last: Nullable<String>
    }

    struct Threshold: Encodable {
        let threshold: Double
        let lower: Double
        /// With `upperIsOpen` only the edge of the search: the answers bound the threshold from below only.
        let upper: Double
        let upperIsOpen: Bool
        let percentCorrect: Double
        let confidence: Double
        let trials: Int
        let window: Int
    }

    struct PitchMatching: Encodable {
        let count: Int
        let meanAbsoluteError: Nullable<Double>
        let standardDeviation: Nullable<Double>
    }

    let comparisons: Comparisons
    let threshold: Nullable<Threshold>
    let pitchMatching: PitchMatching

    init(_ profile: PerceptualProfile) {
        comparisons = Comparisons(
            count: profile.comparisonCount, correctCount: profile.correctCount,
            meanThreshold: Nullable(profile.meanThreshold?.rawValue),
            standardDeviation: Nullable(profile.thresholdStandardDeviation?.rawValue),
            trend: Nullable(profile.trend),
            currentRollingMean: Nullable(profile.timeline(.day).latest?.rollingMean.rawValue),
            first: Nullable(profile.firstComparison.map(ISO8601.string)),
            last: Nullable(profile.lastComparison.map(ISO8601.string)))
        threshold = Nullable(profile.thresholdEstimate.map {
            Threshold(
                threshold: $0.threshold.rawValue, lower: $0.lower.rawValue, upper: $0.upper.rawValue,
                upperIsOpen: $0.upperIsOpen, percentCorrect: $0.percentCorrect, confidence: 0.95, trials: $0.trialCount,
                window: ThresholdEstimator.window)
        })
        pitchMatching = PitchMatching(
            count: profile.matching.count, meanAbsoluteError: Nullable(profile.matching.meanAbsoluteError?.rawValue),
            standardDeviation: Nullable(profile.matching.standardDeviation?.rawValue))
    }
}

/// `GET /api/profile/intervals`: what each trained interval's records say, in the settings grid's order.
struct IntervalProfilesResponse: ResponseEncodable {
    struct Entry: Encodable {
        let interval: DirectedInterval
        let comparisons: Int
        /// The mean difference played: shown when there are too few trials for a fitted threshold.
        let meanDifference: Nullable<Double>
        let threshold: Nullable<Double>
        let percentCorrect: Nullable<Double>
        let matchings: Int
        let meanAbsoluteError: Nullable<Double>
    }

    let intervals: [Entry]

    init(_ profiles: [(DirectedInterval, PerceptualProfile)]) {
        intervals = profiles.map { interval, profile in
            let estimate = profile.thresholdEstimate
            return Entry(
                interval: interval, comparisons: profile.comparisonCount,
                meanDifference: Nullable(profile.meanThreshold?.rawValue), threshold: Nullable(estimate?.threshold.rawValue),
                percentCorrect: Nullable(estimate?.percentCorrect), matchings: profile.matching.count,
                meanAbsoluteError: Nullable(profile.matching.meanAbsoluteError?.rawValue))
        }
    }
}

/// `GET /api/profile/timeline`: one point per period, oldest first.
struct TimelineResponse: ResponseEncodable {
    /// A period's fitted threshold: the same estimator and percent correct as the headline.
    struct FittedThreshold: Encodable {
        let threshold: Double
        let lower: Double
        let upper: Double
        let upperIsOpen: Bool
        let trials: Int
        /// How many periods were pooled for this fit (1: the period alone).
        let pooledPeriods: Int
    }

    struct Point: Encodable {
        let start: String
        /// Nothing when even the pooled answers cannot place the threshold.
        let threshold: Nullable<FittedThreshold>
        /// The mean difference played: a secondary series, not the threshold.
        let meanThreshold: Double
        let count: Int
        let correctCount: Int
        let rollingMean: Double
        let rollingStandardDeviation: Double
    }

    let period: ThresholdTimeline.Period
    let rollingWindow: Int
    /// A period with fewer comparisons is pooled with its neighbours for its threshold.
    let minimumTrialsPerFit: Int
    let points: [Point]

    init(_ timeline: ThresholdTimeline) {
        period = timeline.period
        rollingWindow = ThresholdTimeline.rollingWindow
        minimumTrialsPerFit = ThresholdTimeline.minimumTrialsPerFit
        points = timeline.points.map {
            Point(
                start: ISO8601.string($0.aggregate.start),
                threshold: Nullable(Self.fitted($0)), meanThreshold: $0.aggregate.meanThreshold.rawValue,
                count: $0.aggregate.count, correctCount: $0.aggregate.correctCount,
                rollingMean: $0.rollingMean.rawValue, rollingStandardDeviation: $0.rollingStandardDeviation.rawValue)
        }
    }

    static func fitted(_ point: ThresholdTimeline.Point) -> FittedThreshold? {
        point.fit.map {
            FittedThreshold(
                threshold: $0.threshold.rawValue, lower: $0.lower.rawValue, upper: $0.upper.rawValue,
                upperIsOpen: $0.upperIsOpen, trials: $0.trialCount, pooledPeriods: point.pooledPeriods)
        }
    }
}

enum ISO8601 {
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
