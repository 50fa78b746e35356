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
                    "Compare Timing: the day's fitted displacement at 75 % correct in percent of a sixteenth, with its 95 % interval (the headline's estimator over the day's answers); null when they cannot place it or " + FittedThreshold.uninformative),
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
                "hitRate": .describe("Mean share of gaps hit per trial that day, over the trials that recorded one; null when none did."),
            ]
        }
    }

    let tempoBand: TempoBand
    let comparison: [ComparisonDay]
    let matching: [MatchingDay]

    init(_ profile: RhythmProfile, band: TempoBand) {
        tempoBand = band
        comparison = (profile.timingDays[band] ?? []).map(ComparisonDay.init)
        matching = (profile.tappingDays[band] ?? []).map(MatchingDay.init)
    }

    static var apiNotes: [String: APINote] {
        ["": .describe("Days without records of a discipline are left out of its list.")]
    }
}
