import Foundation

/// What the API says of a Compare Timing trial: its clicks and the displacement; the judged answer.
extension RhythmComparisonKind {
    public static let apiNames = APINames(
        trial: "RhythmComparison", result: "RhythmComparisonResult", record: "RhythmComparisonRecord")

    public static func trialBody(_ trial: RhythmComparison, settings: TrainingSettings) -> RhythmComparisonFields {
        RhythmComparisonFields(
            tempoBPM: trial.tempo.rawValue, tempoBand: trial.tempo.band, sixteenthSeconds: trial.tempo.sixteenthSeconds,
            clickSeconds: trial.clickSeconds, offsetPercent: abs(trial.offsetPercent),
            offsetMs: trial.offsetSeconds * 1000,
            measurement: Nullable(
                trial.measurementTrial.map {
                    MeasurementProgress(trial: $0, maxTrials: ThresholdPlacement.maximumTrials)
                }))
    }

    /// Answers open when the displaced click sounds.
    public static func session(_ trial: RhythmComparison, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: trial.answersOpenSeconds)
    }

    public static func result(_ record: CompletedRhythmComparison, answer: TimingAnswer?, trial: RhythmComparison?)
        -> TimingAnswerResponse
    {
        TimingAnswerResponse(
            isCorrect: record.isCorrect, offsetMs: record.offsetMs, offsetPercent: abs(record.offsetPercent))
    }
}

/// A Compare Timing trial's own fields: four clicks a sixteenth apart, the third early or late.
public struct RhythmComparisonFields: Codable, Sendable, APIDescribed {
    public let tempoBPM: Int
    public let tempoBand: TempoBand
    public let sixteenthSeconds: Double
    public let clickSeconds: [Double]
    public let offsetPercent: Double
    public let offsetMs: Double
    public let measurement: Nullable<MeasurementProgress>

    public static var apiNotes: [String: APINote] {
        [
            "measurement": .describe("A measurement run's trial: its place in the run; null for training."),
            "tempoBPM": .bounds(TempoBPM.range),
            "clickSeconds": .describe("The four clicks' onsets from the first click's; the third is displaced."),
            "offsetPercent": APINote.bounds(RhythmComparison.percentBounds).describe(
                "The displacement's size in percent of a sixteenth."),
            "offsetMs": .describe("The signed displacement in milliseconds: negative means early."),
        ]
    }
}

/// 200 from a Compare Timing answer.
public struct TimingAnswerResponse: Codable, Sendable {
    public let isCorrect: Bool
    public let offsetMs: Double
    public let offsetPercent: Double
}

/// `{"answer": "early"|"late"}`.
public struct TimingAnswerBody: KindAnswerBody {
    let answer: String?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let answer else { return nil }
        guard let timing = TimingAnswer(rawValue: answer) else {
            throw AnswerProblem("answer", "answer must be early or late (to Compare Timing), got '\(answer)'")
        }
        return .timing(timing)
    }

    public static var apiNotes: [String: APINote] {
        [
            "answer": APINote().with("enum", TimingAnswer.allCases.map(\.rawValue)).describe(
                "early or late, to Compare Timing.")
        ]
    }
}

extension RhythmComparisonKind {
    public typealias AnswerBody = TimingAnswerBody
}
