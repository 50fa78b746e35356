import Foundation
import Hummingbird
import PeachCore

/// The session rules of a rhythm trial, in the same shape as every trial's.
struct RhythmSession: Codable, APIDescribed {
    let answersOpenSeconds: Double
    let feedbackSeconds: Double

    static var apiNotes: [String: APINote] {
        [
            "answersOpenSeconds": .describe(
                "From the trial's time zero: when answers open (Compare Timing: the third click; Fill the Gap: at once)."),
            "feedbackSeconds": .describe("How long feedback shows before the next trial starts."),
        ]
    }
}

/// A Compare Timing trial: four clicks a sixteenth apart, the third early or late.
struct RhythmComparisonTrial: Codable, APIDescribed {
    let id: String
    let discipline: Discipline
    let tempoBPM: Int
    let tempoBand: TempoBand
    let sixteenthSeconds: Double
    let clickSeconds: [Double]
    let offsetPercent: Double
    let offsetMs: Double
    let session: RhythmSession

    init(id: String, _ trial: RhythmComparison) {
        self.id = id
        discipline = trial.discipline
        tempoBPM = trial.tempo.rawValue
        tempoBand = trial.tempo.band
        sixteenthSeconds = trial.tempo.sixteenthSeconds
        clickSeconds = trial.clickSeconds
        offsetPercent = abs(trial.offsetPercent)
        offsetMs = trial.offsetSeconds * 1000
        session = RhythmSession(
            answersOpenSeconds: trial.answersOpenSeconds, feedbackSeconds: SessionRules.feedbackDuration.seconds)
    }

    static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "tempoBPM": .bounds(TempoBPM.range),
            "clickSeconds": .describe("The four clicks' onsets from the first click's; the third is displaced."),
            "offsetPercent": APINote.bounds(RhythmComparison.percentBounds).describe("The displacement's size in percent of a sixteenth."),
            "offsetMs": .describe("The signed displacement in milliseconds: negative means early."),
        ]
    }
}

/// A Fill the Gap trial: 16 cycles of four sixteenths, one silent in each.
struct RhythmMatchingTrialDTO: Codable, APIDescribed {
    let id: String
    let discipline: Discipline
    let tempoBPM: Int
    let tempoBand: TempoBand
    let sixteenthSeconds: Double
    let cycles: Int
    let gapPositions: [Int]
    let clickSeconds: [Double]
    let gapSeconds: [Double]
    let session: RhythmSession

    init(id: String, _ trial: RhythmMatchingTrial) {
        self.id = id
        discipline = trial.discipline
        tempoBPM = trial.tempo.rawValue
        tempoBand = trial.tempo.band
        sixteenthSeconds = trial.tempo.sixteenthSeconds
        cycles = RhythmMatchingTrial.cycles
        gapPositions = trial.gapPositions
        clickSeconds = trial.clickSeconds
        gapSeconds = trial.gapSeconds
        session = RhythmSession(answersOpenSeconds: 0, feedbackSeconds: SessionRules.feedbackDuration.seconds)
    }

    static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "tempoBPM": .bounds(TempoBPM.range),
            "gapPositions": .describe("For each cycle, its silent sixteenth (0–3)."),
            "clickSeconds": .describe("Every sounding click, from the trial's time zero (the first cycle's first sixteenth)."),
            "gapSeconds": .describe("Where each cycle's silent click belongs, on the same time base."),
        ]
    }
}

/// 200 from a Compare Timing answer.
struct TimingAnswerResponse: Codable {
    let isCorrect: Bool
    let offsetMs: Double
    let offsetPercent: Double
}

/// 200 from a Fill the Gap answer: the trial's figures and each tap judged.
struct TappingAnswerResponse: Codable, APIDescribed {
    struct Tap: Codable {
        let gap: Nullable<Int>
        let offsetMs: Nullable<Double>
    }

    let meanOffsetMs: Nullable<Double>
    let offsetSDMs: Nullable<Double>
    let hitRate: Nullable<Double>
    let meanOffsetMsByPosition: [Nullable<Double>]
    let taps: [Tap]

    init(_ record: CompletedRhythmMatching, taps: [TapJudgement.Tap]) {
        meanOffsetMs = Nullable(record.meanOffsetMs)
        offsetSDMs = Nullable(record.offsetSDMs)
        hitRate = Nullable(record.hitRate)
        meanOffsetMsByPosition = record.meanOffsetMsByPosition.map(Nullable.init)
        self.taps = taps.map { Tap(gap: Nullable($0.gap), offsetMs: Nullable($0.offsetSeconds.map { $0 * 1000 })) }
    }

    static var apiNotes: [String: APINote] {
        [
            "meanOffsetMs": .describe("Mean signed offset of the hits (positive = late); null without a hit."),
            "offsetSDMs": .describe("Sample standard deviation of the hits' offsets; null without a hit."),
            "hitRate": APINote.bounds(0.0...1.0).describe(
                "Hits over the 16 gaps; null only for a trial stored without one (imported from the iPhone app)."),
            "meanOffsetMsByPosition": .describe("Mean offset of the hits at each position 0–3 of the cycle; null where none."),
            "taps": .describe(
                "Each tap in the order sent: the gap it hit and its offset, or nulls for a miss (further than half a sixteenth from every gap, or not the nearest tap to its gap)."),
        ]
    }
}

/// `POST /api/rhythm/calibration`: the clicks played and the taps heard, on one time base.
struct CalibrationRequest: Decodable, APIDescribed {
    static let maximumCount = 200

    let clickSeconds: [Double]?
    let tapSeconds: [Double]?

    func parsed() throws -> TapCalibration {
        guard let clickSeconds, let tapSeconds else {
            throw HTTPError(.badRequest, message: "the body must hold clickSeconds and tapSeconds, each a list of seconds")
        }
        for (name, values) in [("clickSeconds", clickSeconds), ("tapSeconds", tapSeconds)] {
            guard values.count <= Self.maximumCount else {
                throw HTTPError(.badRequest, message: "\(name) must hold at most \(Self.maximumCount) times")
            }
        }
        do throws(TapCalibration.Failure) {
            return try TapCalibration(clickSeconds: clickSeconds, tapSeconds: tapSeconds)
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }

    static var apiNotes: [String: APINote] {
        [
            "clickSeconds": APINote.required.with("maxItems", maximumCount).describe("When each calibration click sounded."),
            "tapSeconds": APINote.required.with("maxItems", maximumCount)
                .describe("When each tap was heard, on the clicks' time base, corrected for output latency."),
        ]
    }
}

/// `GET /api/rhythm/calibration`: the clicks to tap along with, at the tempo setting.
struct CalibrationPlan: ResponseEncodable, Decodable, APIDescribed {
    let clickSeconds: [Double]

    static var apiNotes: [String: APINote] {
        ["clickSeconds": .describe("When each click sounds, in seconds from the first: a beat apart at the tempo setting.")]
    }
}

struct CalibrationResponse: ResponseEncodable, Decodable {
    let latencyMs: Double
    let tapsUsed: Int
}
