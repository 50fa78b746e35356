import Hummingbird
import PeachCore

/// `GET /api/profile/rhythm?band=80-99`: one tempo band's rhythm results per calendar day, oldest
/// first; each day reads as the profile's `rhythm` row for the band does, over that day's records.
struct RhythmTimelineResponse: ResponseEncodable, Decodable, APIDescribed {
    struct ComparisonDay: Codable, APIDescribed {
        let start: String
        let count: Int
        /// In percent of a sixteenth.
        let threshold: Nullable<FittedThreshold>
        let thresholdMs: Nullable<Double>

        init(_ day: RhythmDay<RhythmProfile.Timing>) {
            start = ISO8601.string(day.start)
            count = day.stats.count
            threshold = Nullable(day.stats.thresholdEstimate.map(FittedThreshold.init))
            thresholdMs = Nullable(day.stats.thresholdMs)
        }

        static var apiNotes: [String: APINote] {
            [
                "start": APINote().with("format", "date-time"),
                "threshold": .describe(
                    "Compare Timing: the day's fitted displacement at 75 % correct in percent of a sixteenth, with its 95 % interval (the headline's estimator over the day's answers); null when they cannot place it or "
                        + FittedThreshold.uninformative),
                "thresholdMs": .describe("The threshold in milliseconds at the mean sixteenth of the day's answers."),
            ]
        }
    }

    struct MatchingDay: Codable, APIDescribed {
        let start: String
        let count: Int
        let meanOffsetMs: Nullable<Double>
        let offsetSDMs: Nullable<Double>
        let hitRate: Nullable<Double>

        init(_ day: RhythmDay<RhythmProfile.Tapping>) {
            start = ISO8601.string(day.start)
            count = day.stats.count
            meanOffsetMs = Nullable(day.stats.meanOffsetMs)
            offsetSDMs = Nullable(day.stats.offsetSDMs)
            hitRate = Nullable(day.stats.hitRate)
        }

        static var apiNotes: [String: APINote] {
            [
                "start": APINote().with("format", "date-time"),
                "meanOffsetMs": .describe("Fill the Gap: the day's mean signed offset of every hit (positive = late)."),
                "offsetSDMs": .describe("Sample standard deviation of the day's hits."),
                "hitRate": .describe(
                    "Mean share of gaps hit per trial that day, over the trials that recorded one; null when none did."),
            ]
        }
    }

    /// A "Measure my timing threshold" run's result.
    struct Measurement: Codable, APIDescribed {
        let started: String
        let finished: String
        let tempoBPM: Int
        /// In percent of a sixteenth.
        let estimate: FittedThreshold
        let thresholdMs: Double
        let lowerMs: Double
        let upperMs: Double

        init(_ measured: TimingMeasurement) {
            started = ISO8601.string(measured.measurement.started)
            finished = ISO8601.string(measured.measurement.finished)
            tempoBPM = measured.tempo.rawValue
            estimate = FittedThreshold(measured.measurement.estimate)
            thresholdMs = measured.milliseconds(estimate.threshold)
            lowerMs = measured.milliseconds(estimate.lower)
            upperMs = measured.milliseconds(estimate.upper)
        }

        static var apiNotes: [String: APINote] {
            [
                "started": APINote().with("format", "date-time").describe("The run's first answer."),
                "finished": APINote().with("format", "date-time").describe("The run's last answer."),
                "tempoBPM": .describe("The tempo of the run's last answer: the milliseconds are at it."),
                "estimate": .describe(
                    "The placement's displacement at 75 % correct in percent of a sixteenth (the posterior median) with its 95 % interval, open above when the answers do not bound it; trials: the answers the run took (at most \(ThresholdPlacement.maximumTrials))."
                ),
                "thresholdMs": .describe(
                    "The threshold in milliseconds at tempoBPM; lowerMs and upperMs its interval's bounds."),
            ]
        }
    }

    let tempoBand: TempoBand
    let comparison: [ComparisonDay]
    let matching: [MatchingDay]
    let measurements: [Measurement]

    init(_ profile: RhythmProfile, band: TempoBand) {
        tempoBand = band
        comparison = (profile.timingDays[band] ?? []).map(ComparisonDay.init)
        matching = (profile.tappingDays[band] ?? []).map(MatchingDay.init)
        measurements = (profile.measurements[band] ?? []).map(Measurement.init)
    }

    static var apiNotes: [String: APINote] {
        [
            "": .describe("Days without records of a discipline are left out of its list."),
            "measurements": .describe("Every \"Measure my timing threshold\" result at the band, oldest first."),
        ]
    }
}
