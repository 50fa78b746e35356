import Foundation
import Hummingbird
import PeachCore
import PeachServices

/// Documented as the wrapped type's schema, nullable.
extension Nullable: APISchemaProviding where Wrapped: Decodable {
    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let wrapped = try tracer.trace(Wrapped.self)
        return (Nullable(wrapped.value), SchemaTracer.annotated(wrapped.schema, with: ["nullable": true]))
    }
}

/// `GET /api/profile`: every number is null rather than zero when there is no data.
struct ProfileResponse: ResponseEncodable, Decodable, APIDescribed {
    struct Comparisons: Codable, APIDescribed {
        let count: Int
        let correctCount: Int
        let meanThreshold: Nullable<Double>
        let standardDeviation: Nullable<Double>
        let trend: Nullable<Trend>
        /// The rolling mean of the newest day: the "current average".
        let currentRollingMean: Nullable<Double>
        let first: Nullable<String>
        let last: Nullable<String>

        static var apiNotes: [String: APINote] {
            [
                "meanThreshold": .describe(
                    "Mean unsigned cent difference played over every comparison (not the threshold: the Kazez chain plays below it)."
                ),
                "trend": .describe(ProfileResponse.Change.trendNote),
                "currentRollingMean": .describe("The daily timeline's newest rolling mean."),
                "first": APINote().with("format", "date-time"),
                "last": APINote().with("format", "date-time"),
            ]
        }
    }

    struct Threshold: Codable, APIDescribed {
        let threshold: Double
        let lower: Double
        /// With `upperIsOpen` only the edge of the search: the answers bound the threshold from below only.
        let upper: Double
        let upperIsOpen: Bool
        let percentCorrect: Double
        let confidence: Double
        let trials: Int
        let window: Int

        static var apiNotes: [String: APINote] {
            [
                "threshold": .describe("Cents at `percentCorrect`."),
                "upper": .describe("Central 95 % posterior interval; with upperIsOpen only the edge of the search."),
                "upperIsOpen": .describe("The answers bound the threshold from below only: show \"at least `lower`\"."),
                "percentCorrect": APINote().with("enum", [ThresholdEstimator.percentCorrect]),
                "confidence": APINote().with("enum", [0.95]),
            ]
        }
    }

    struct PitchMatching: Codable, APIDescribed {
        let count: Int
        let meanAbsoluteError: Nullable<Double>
        let standardDeviation: Nullable<Double>
        let trend: Nullable<Trend>

        static var apiNotes: [String: APINote] {
            [
                "trend": .describe(
                    "Mean absolute error of the newer half of the newest attempts against the older half; null below \(Trend.minimumMatchingCount) attempts."
                )
            ]
        }
    }

    /// How far the threshold moved over the newest comparisons.
    struct Change: Codable, APIDescribed {
        let answers: Int
        let sure: Bool
        let change: Double
        let lower: Double
        let upper: Double
        let confidence: Double

        init(_ change: ThresholdChange) {
            answers = change.answers
            sure = change.isSure
            self.change = change.ratio - 1
            lower = change.lower - 1
            upper = change.upper - 1
            confidence = ThresholdChange.credibility
        }

        /// What a threshold's `trend` says, wherever one is sent beside its `change`.
        static let trendNote =
            "The direction of `change`, over its span (`change.answers`): improving when its interval lies wholly below no change (a sure fall), declining when wholly above, stable otherwise; null (\"not enough data\") when `change` is."

        static var apiNotes: [String: APINote] {
            [
                "answers": .describe(
                    "The span: the newest \(ThresholdChange.span) comparisons, or half of them when there are fewer than twice as many."
                ),
                "sure": .describe(
                    "The interval excludes no change: state the change; otherwise \"no change you can be sure of\"."),
                "change": .describe(
                    "Threshold now ÷ threshold at the span's start − 1 (−0.18: 18 % lower), the median of the change."),
                "lower": .describe("Central interval of `change` at `confidence`."),
                "confidence": APINote().with("enum", [ThresholdChange.credibility]),
            ]
        }
    }

    let comparisons: Comparisons
    let threshold: Nullable<Threshold>
    let missingThreshold: Nullable<MissingThresholdResponse>
    let change: Nullable<Change>
    let pitchMatching: PitchMatching
    let rhythm: Rhythm

    static var apiNotes: [String: APINote] {
        [
            "threshold": .describe(
                "Posterior median of the threshold now, T in P = λ/2 + (1−λ)Φ(z·(Δ/T)^k), λ = 0.02, z so that P(T) = percentCorrect, with the slope k marginalised (flat in log k over 0.6–4.5) and log T taking a random walk of \(ThresholdTracker.chosenChangePerTrial) per comparison, over the newest `window` comparisons; with upperIsOpen, `lower` is a one-sided 99.9 % likelihood bound (stated only in the few runs open above, it holds in ≥ 97.5 % of them); null below 20 comparisons, when the likelihood cannot place it (almost no errors), or "
                    + FittedThreshold.uninformative + " `missingThreshold` says which."),
            "missingThreshold": .describe("Why `threshold` is null; null when it is not."),
            "change": .describe(
                "How far the threshold moved over the newest comparisons: the tracker's threshold at the span's start (from the comparisons before it) against the threshold now (from the span's comparisons alone), their log difference's posterior the convolution of the two; null until both can be stated (closed, no wider than ×\(Int(ThresholdEstimate.widestInformativeRatio)))."
            ),
        ]
    }

    init(_ profile: PerceptualProfile, rhythm: RhythmProfile) {
        self.rhythm = Rhythm(rhythm)
        comparisons = Comparisons(
            count: profile.comparisonCount, correctCount: profile.correctCount,
            meanThreshold: Nullable(profile.meanThreshold?.rawValue),
            standardDeviation: Nullable(profile.thresholdStandardDeviation?.rawValue),
            trend: Nullable(profile.trend),
            currentRollingMean: Nullable(profile.timeline(.day).currentRollingMean?.rawValue),
            first: Nullable(profile.firstComparison.map(ISO8601.string)),
            last: Nullable(profile.lastComparison.map(ISO8601.string)))
        threshold = Nullable(profile.thresholdEstimate.map(Threshold.init))
        missingThreshold = Nullable(profile.missingThreshold.map(MissingThresholdResponse.init))
        change = Nullable(profile.thresholdChange.map(Change.init))
        pitchMatching = PitchMatching(
            count: profile.matching.count, meanAbsoluteError: Nullable(profile.matching.meanAbsoluteError?.rawValue),
            standardDeviation: Nullable(profile.matching.standardDeviation?.rawValue),
            trend: Nullable(profile.matching.trend))
    }
}

/// `GET /api/profile/intervals`: what each trained interval's records say, in the settings grid's order.
struct IntervalProfilesResponse: ResponseEncodable, Decodable, APIDescribed {
    struct Entry: Codable, APIDescribed {
        let interval: DirectedInterval
        let comparisons: Int
        /// The mean difference played: shown beside why there is no threshold (`missingThreshold`).
        let meanDifference: Nullable<Double>
        let threshold: Nullable<Double>
        let missingThreshold: Nullable<MissingThresholdResponse>
        let percentCorrect: Nullable<Double>
        /// How far the interval's threshold moved over its newest comparisons, as the headline's.
        let change: Nullable<ProfileResponse.Change>
        let matchings: Int
        let meanAbsoluteError: Nullable<Double>

        static var apiNotes: [String: APINote] {
            [
                "change": .describe("As the profile's `change`, over this interval's comparisons alone."),
                "missingThreshold": .describe(
                    "Why `threshold` is null, as the profile's `missingThreshold`, over this interval's comparisons alone; null when it is not."
                ),
            ]
        }
    }

    let intervals: [Entry]

    static var apiNotes: [String: APINote] { ["intervals": .describe("In the settings grid's order.")] }

    init(_ profiles: [(DirectedInterval, PerceptualProfile)]) {
        intervals = profiles.map { interval, profile in
            let estimate = profile.thresholdEstimate
            return Entry(
                interval: interval, comparisons: profile.comparisonCount,
                meanDifference: Nullable(profile.meanThreshold?.rawValue),
                threshold: Nullable(estimate?.threshold.rawValue),
                missingThreshold: Nullable(profile.missingThreshold.map(MissingThresholdResponse.init)),
                percentCorrect: Nullable(estimate?.percentCorrect),
                change: Nullable(profile.thresholdChange.map(ProfileResponse.Change.init)),
                matchings: profile.matching.count,
                meanAbsoluteError: Nullable(profile.matching.meanAbsoluteError?.rawValue))
        }
    }
}

/// `GET /api/profile/timeline`: one point per period, oldest first.
struct TimelineResponse: ResponseEncodable, Decodable, APIDescribed {
    /// A period's fitted threshold: the same estimator and percent correct as the headline.
    struct Point: Codable, APIDescribed {
        let start: String
        /// Nothing when the answers cannot place the threshold.
        let threshold: Nullable<FittedThreshold>
        let missingThreshold: Nullable<MissingThresholdResponse>
        /// The mean difference played: a secondary series, not the threshold.
        let meanThreshold: Double
        let count: Int
        let correctCount: Int
        let rollingMean: Double
        let rollingStandardDeviation: Double

        static var apiNotes: [String: APINote] {
            [
                "start": APINote().with("format", "date-time"),
                "threshold": .describe(
                    "The period's fitted threshold (the headline's model and percent correct), read from its own comparisons and, with weights falling with the time between them, its neighbours'; null when they cannot place it or "
                        + FittedThreshold.uninformative),
                "missingThreshold": .describe(
                    "Why `threshold` is null: for the newest period the profile's `missingThreshold`; for another, too few answers in the whole timeline, its reading too wide (its own answers counted), or none placed (its own answers, right ones and smallest difference); null when it is not."
                ),
                "meanThreshold": .describe("Mean unsigned difference played in the period: a secondary series."),
            ]
        }
    }

    /// A "Measure my threshold" run's result.
    struct Measurement: Codable, APIDescribed {
        let started: String
        let finished: String
        let estimate: FittedThreshold

        static var apiNotes: [String: APINote] {
            [
                "started": APINote().with("format", "date-time").describe("The run's first answer."),
                "finished": APINote().with("format", "date-time").describe(
                    "The run's last answer: the chart draws it in that period."),
                "estimate": .describe(
                    "The placement's threshold (the posterior median, 75 % correct) with its 95 % interval, open above when the answers do not bound it; trials: the answers the run took (at most \(ThresholdPlacement.maximumTrials))."
                ),
            ]
        }
    }

    let period: ThresholdTimeline.Period
    let rollingWindow: Int
    /// The first point's position among all the timeline's periods: a chart dot's `data-index`
    /// less this is its point.
    let first: Int
    /// How many periods the whole timeline has.
    let periods: Int
    let points: [Point]
    /// Every measurement of the scope, oldest first (few: one per run).
    let measurements: [Measurement]

    static var apiNotes: [String: APINote] {
        [
            "measurements": .describe(
                "Every \"Measure my threshold\" result of the scope, oldest first, whatever the view."),
            "first": .describe(
                "The first point's position among all the timeline's periods: a chart dot's data-index less this is its point."
            ),
            "periods": .describe("How many periods the whole timeline has."),
        ]
    }

    init(_ timeline: ThresholdTimeline, window: ChartWindow, measurements: [ThresholdMeasurement]) {
        self.measurements = measurements.map {
            Measurement(
                started: ISO8601.string($0.started), finished: ISO8601.string($0.finished),
                estimate: FittedThreshold($0.estimate))
        }
        period = timeline.period
        rollingWindow = ThresholdTimeline.rollingWindow
        first = window.indices.lowerBound
        periods = timeline.aggregates.count
        points = timeline.points(in: window.indices).map {
            Point(
                start: ISO8601.string($0.aggregate.start),
                threshold: Nullable($0.fit.map(FittedThreshold.init)),
                missingThreshold: Nullable($0.missingThreshold.map(MissingThresholdResponse.init)),
                meanThreshold: $0.aggregate.meanThreshold.rawValue,
                count: $0.aggregate.count, correctCount: $0.aggregate.correctCount,
                rollingMean: $0.rollingMean.rawValue, rollingStandardDeviation: $0.rollingStandardDeviation.rawValue)
        }
    }

}

/// A fitted threshold with its 95 % interval, wherever one is shown apart from the headline: a
/// timeline's period or day, a student's row in a teacher's class.
struct FittedThreshold: Codable {
    /// Why a fit is null although there are answers: `ThresholdEstimate.isInformative`, in the API document's words.
    static let uninformative =
        "when its 95 % interval is wider than a factor of \(String(format: "%g", ThresholdEstimate.widestInformativeRatio)) (upper ÷ lower; an interval open above is stated as \"at least lower\"): the page then says \"not enough data yet\"."

    let threshold: Double
    let lower: Double
    let upper: Double
    let upperIsOpen: Bool
    /// The answers it was fitted to.
    let trials: Int

    init(_ estimate: ThresholdEstimate) {
        threshold = estimate.threshold.rawValue
        lower = estimate.lower.rawValue
        upper = estimate.upper.rawValue
        upperIsOpen = estimate.upperIsOpen
        trials = estimate.trialCount
    }
}

enum ISO8601 {
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

/// The `rhythm` section of `GET /api/profile`: per tempo band with records, in the bands' order.
struct Rhythm: Codable, APIDescribed {
    struct Comparison: Codable, APIDescribed {
        let tempoBand: TempoBand
        let count: Int
        let thresholdPercent: Nullable<Double>
        let thresholdMs: Nullable<Double>

        static var apiNotes: [String: APINote] {
            [
                "thresholdPercent": .describe(
                    "Compare Timing: the displacement (percent of a sixteenth) answered 75 % correct, fitted as the pitch threshold is over the newest answers; null below 20 answers, when the answers cannot place it, or "
                        + FittedThreshold.uninformative),
                "thresholdMs": .describe(
                    "thresholdPercent in milliseconds at the mean sixteenth of the answers fitted."),
            ]
        }
    }

    struct Matching: Codable, APIDescribed {
        let tempoBand: TempoBand
        let count: Int
        let meanOffsetMs: Nullable<Double>
        let offsetSDMs: Nullable<Double>
        let hitRate: Nullable<Double>

        static var apiNotes: [String: APINote] {
            [
                "meanOffsetMs": .describe("Fill the Gap: mean signed offset of every hit (positive = late)."),
                "offsetSDMs": .describe("Sample standard deviation of every hit's offset."),
                "hitRate": .describe(
                    "Mean share of gaps hit per trial, over the trials that recorded one; null when none did (trials imported from the iPhone app)."
                ),
            ]
        }
    }

    let comparison: [Comparison]
    let matching: [Matching]

    init(_ profile: RhythmProfile) {
        comparison = TempoBand.allCases.compactMap { band in
            profile.timing[band].map {
                Comparison(
                    tempoBand: band, count: $0.count, thresholdPercent: Nullable($0.thresholdPercent),
                    thresholdMs: Nullable($0.thresholdMs))
            }
        }
        matching = TempoBand.allCases.compactMap { band in
            profile.tapping[band].map {
                Matching(
                    tempoBand: band, count: $0.count, meanOffsetMs: Nullable($0.meanOffsetMs),
                    offsetSDMs: Nullable($0.offsetSDMs),
                    hitRate: Nullable($0.hitRate))
            }
        }
    }

    static var apiNotes: [String: APINote] { ["": .describe("Bands with no records are left out.")] }
}

/// `GET /api/profile/threshold`: a discipline's own fitted threshold (Which Voice?: for a choice of three).
struct DisciplineThresholdResponse: ResponseEncodable, Decodable, APIDescribed {
    let threshold: Nullable<ProfileResponse.Threshold>
    let missingThreshold: Nullable<MissingThresholdResponse>
    let change: Nullable<ProfileResponse.Change>

    static var apiNotes: [String: APINote] {
        [
            "threshold": .describe(
                "Fitted to the newest answers as the discipline's kind fits it; null until they can place it."),
            "change": .describe(
                "As the profile's `change`, over the discipline's answers, read for the kind's choice (of three, for Which Voice?); null until it can be stated, and for a measurement."
            ),
            "missingThreshold": .describe(
                "Why `threshold` is null; null when it is not, and for a measurement (its runs say why: none finished yet)."
            ),
        ]
    }
}

/// `GET /api/profile/confusion`: the counts behind the heat map, also the page's table of it.
struct ConfusionResponse: ResponseEncodable, Decodable, APIDescribed {
    let items: [String]
    let counts: [[Int]]
    let played: [Int]
    let accuracy: [Nullable<Double>]

    init(_ matrix: ConfusionMatrix) {
        items = matrix.items
        counts = matrix.counts
        played = matrix.played
        accuracy = matrix.accuracy.map(Nullable.init)
    }

    static var apiNotes: [String: APINote] {
        [
            "items": .describe("Each item's name on screen (a degree as ♭3): the items played or named so far."),
            "counts": .describe("counts[played][named]: how often each item was named when each was played."),
            "played": .describe("How often each item was played."),
            "accuracy": .describe("The share of right answers for each item played; null for one only ever named."),
        ]
    }
}

/// From the estimator's fit: the headline's and a discipline's own threshold alike (in an extension,
/// so the memberwise initializer stays).
extension ProfileResponse.Threshold {
    init(_ estimate: ThresholdEstimate) {
        self.init(
            threshold: estimate.threshold.rawValue, lower: estimate.lower.rawValue, upper: estimate.upper.rawValue,
            upperIsOpen: estimate.upperIsOpen, percentCorrect: estimate.percentCorrect, confidence: 0.95,
            trials: estimate.trialCount, window: ThresholdTracker.window)
    }
}
