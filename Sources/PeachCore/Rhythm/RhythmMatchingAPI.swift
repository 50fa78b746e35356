import Foundation

/// What the API says of a Fill the Gap trial: its clicks and gaps; the figures of the taps and
/// each tap judged.
extension RhythmMatchingKind {
    public static let apiNames = APINames(
        trial: "RhythmMatching", result: "RhythmMatchingResult", record: "RhythmMatchingRecord")

    public static func trialBody(_ trial: RhythmMatchingTrial, settings: TrainingSettings) -> RhythmMatchingFields {
        RhythmMatchingFields(
            tempoBPM: trial.tempo.rawValue, tempoBand: trial.tempo.band, sixteenthSeconds: trial.tempo.sixteenthSeconds,
            cycles: RhythmMatchingTrial.cycles, gapPositions: trial.gapPositions, clickSeconds: trial.clickSeconds,
            gapSeconds: trial.gapSeconds, judging: GapJudging(trial))
    }

    /// Taps count from the first click.
    public static func session(_ trial: RhythmMatchingTrial, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: 0)
    }

    public static func midi(_ trial: RhythmMatchingTrial) -> MIDIAnswers? { .tapping }

    /// Each tap judged against the trial; none for the retry of an answer already stored, whose
    /// trial is gone.
    public static func result(_ record: CompletedRhythmMatching, answer: TapAnswer?, trial: RhythmMatchingTrial?)
        -> TappingAnswerResponse
    {
        guard let answer, let trial else { return TappingAnswerResponse(record, taps: []) }
        return TappingAnswerResponse(record, taps: trial.judge(taps: answer.seconds).taps)
    }
}

/// A Fill the Gap trial's own fields: 16 cycles of four sixteenths, one silent in each.
public struct RhythmMatchingFields: Codable, Sendable, APIDescribed {
    public let tempoBPM: Int
    public let tempoBand: TempoBand
    public let sixteenthSeconds: Double
    public let cycles: Int
    public let gapPositions: [Int]
    public let clickSeconds: [Double]
    public let gapSeconds: [Double]
    /// How its taps are judged, so that the page shows the figures as the last cycle ends.
    public let judging: GapJudging

    public static var apiNotes: [String: APINote] {
        [
            "judging": .describe(
                "How the taps are judged, exactly as the answer will be: the page shows the figures as the trial ends."),
            "tempoBPM": .bounds(TempoBPM.range),
            "gapPositions": .describe("For each cycle, its silent sixteenth (0–3)."),
            "clickSeconds": .describe(
                "Every sounding click, from the trial's time zero (the first cycle's first sixteenth)."),
            "gapSeconds": .describe("Where each cycle's silent click belongs, on the same time base."),
        ]
    }
}

/// 200 from a Fill the Gap answer: the trial's figures and each tap judged.
public struct TappingAnswerResponse: Codable, Sendable, APIDescribed {
    public struct Tap: Codable, Sendable {
        public let gap: Nullable<Int>
        public let offsetMs: Nullable<Double>
    }

    public let meanOffsetMs: Nullable<Double>
    public let offsetSDMs: Nullable<Double>
    public let hitRate: Nullable<Double>
    public let meanOffsetMsByPosition: [Nullable<Double>]
    public let taps: [Tap]

    public init(_ record: CompletedRhythmMatching, taps: [TapJudgement.Tap]) {
        meanOffsetMs = Nullable(record.meanOffsetMs)
        offsetSDMs = Nullable(record.offsetSDMs)
        hitRate = Nullable(record.hitRate)
        meanOffsetMsByPosition = record.meanOffsetMsByPosition.map(Nullable.init)
        self.taps = taps.map { Tap(gap: Nullable($0.gap), offsetMs: Nullable($0.offsetSeconds.map { $0 * 1000 })) }
    }

    public static var apiNotes: [String: APINote] {
        [
            "meanOffsetMs": .describe("Mean signed offset of the hits (positive = late); null without a hit."),
            "offsetSDMs": .describe("Sample standard deviation of the hits' offsets; null without a hit."),
            "hitRate": APINote.bounds(0.0...1.0).describe(
                "Hits over the 16 gaps; null only for a trial stored without one (imported from the iPhone app)."),
            "meanOffsetMsByPosition": .describe(
                "Mean offset of the hits at each position 0–3 of the cycle; null where none."),
            "taps": .describe(
                "Each tap in the order sent: the gap it hit and its offset, or nulls for a miss (further than half a sixteenth from every gap, or not the nearest tap to its gap)."
            ),
        ]
    }
}

/// `{"tapSeconds": [...]}`.
public struct TapAnswerBody: KindAnswerBody {
    static let maximumTaps = 200

    let tapSeconds: [Double]?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let tapSeconds else { return nil }
        guard tapSeconds.count <= Self.maximumTaps else {
            throw AnswerProblem(
                "tapSeconds", "tapSeconds must hold at most \(Self.maximumTaps) taps, got \(tapSeconds.count)")
        }
        return .taps(tapSeconds)
    }

    public static var apiNotes: [String: APINote] {
        [
            "tapSeconds": APINote().with("maxItems", maximumTaps).describe(
                "Fill the Gap: every tap in seconds from the trial's time zero, on the audio clock, corrected for output latency and the device calibration."
            )
        ]
    }
}

extension RhythmMatchingKind {
    public typealias AnswerBody = TapAnswerBody
}
