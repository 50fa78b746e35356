import Foundation

/// What the API says of a comparison: its notes and their frequencies, and the judged answer.
extension ComparisonKind {
    public static let apiNames = APINames(trial: "Comparison", result: "AnswerResult", record: "ComparisonRecord")
    public static let playsNotes = true

    public static func trialBody(_ trial: Comparison, settings: TrainingSettings) -> PitchTrialBody<ComparisonFields> {
        let reference = settings.referencePitch
        return PitchTrialBody(
            notes: PlayedNotes(trial.interval, trial.tuningSystem, settings: settings),
            fields: ComparisonFields(
                note1: NoteDTO(trial.note1, trial.note1Frequency(reference: reference)),
                note2: .init(
                    midi: trial.note2.rawValue, centOffset: trial.centOffset.rawValue,
                    frequencyHz: trial.note2Frequency(reference: reference).hertz,
                    levelOffsetDB: trial.note2LevelOffset.rawValue),
                noteGapSeconds: settings.noteGapSeconds,
                measurement: Nullable(
                    trial.measurementTrial.map {
                        MeasurementProgress(trial: $0, maxTrials: ThresholdPlacement.maximumTrials)
                    })))
    }

    public static func session(_ trial: Comparison, settings: TrainingSettings) -> TrialSession {
        TrialSession(
            answersOpenSeconds: SessionRules.answersOpen(
                noteDuration: .seconds(settings.noteDurationSeconds), noteGap: .seconds(settings.noteGapSeconds)
            ).seconds)
    }

    /// A key above note 2 as heard (the key nearest its pitch) answers Higher, below it Lower.
    public static func midi(_ trial: Comparison) -> MIDIAnswers? {
        let heard = MIDINote(trial.note2.rawValue + Int((trial.centOffset.rawValue / 100).rounded())) ?? trial.note2
        return .direction(from: heard, below: ComparisonAnswer.lower.rawValue, above: ComparisonAnswer.higher.rawValue)
    }

    public static func result(_ record: CompletedComparison, answer: ComparisonAnswer?, trial: Comparison?)
        -> JudgedAnswer
    {
        JudgedAnswer(isCorrect: record.isCorrect, centOffset: record.note2CentOffset.rawValue)
    }
}

/// A higher/lower trial's own fields.
public struct ComparisonFields: Codable, Sendable, APIDescribed {
    public struct Note2: Codable, Sendable, APIDescribed {
        public let midi: Int
        public let centOffset: Double
        public let frequencyHz: Double
        public let levelOffsetDB: Double

        public static var apiNotes: [String: APINote] {
            [
                "midi": APINote.bounds(NoteRange.pianoRange).describe(
                    "The interval's target note (note 1 for unison)."),
                "centOffset": .describe(
                    "Signed offset from the correctly tuned note 2 (the interval from note 1): positive means note 2 is higher than it should be."
                ),
                "levelOffsetDB": .describe("Note 2's level relative to note 1 (vary loudness)."),
            ]
        }
    }

    public let note1: NoteDTO
    public let note2: Note2
    public let noteGapSeconds: Double
    public let measurement: Nullable<MeasurementProgress>

    public static var apiNotes: [String: APINote] {
        ["measurement": .describe("A measurement run's trial: its place in the run; null for training.")]
    }
}

/// Where a trial of a measurement run stands: trial `trial` of at most `maxTrials`. A trial
/// numbered 1 after answers in the same screen means the run before it has finished.
public struct MeasurementProgress: Codable, Sendable, APIDescribed {
    public let trial: Int
    public let maxTrials: Int

    public static var apiNotes: [String: APINote] {
        [
            "trial": APINote.bounds(1...ThresholdPlacement.maximumTrials).describe(
                "The trial's place in its run, from 1."),
            "maxTrials": .describe("The run ends here at the latest (sooner once the threshold is placed closely)."),
        ]
    }
}

/// 200 from a comparison's answer.
public struct JudgedAnswer: Codable, Sendable {
    public let isCorrect: Bool
    public let centOffset: Double
}

/// `{"answer": "higher"|"lower"}`.
public struct ComparisonAnswerBody: KindAnswerBody {
    let answer: String?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let answer else { return nil }
        guard let direction = ComparisonAnswer(rawValue: answer) else {
            throw AnswerProblem("answer", "answer must be higher or lower, got '\(answer)'")
        }
        return .direction(direction)
    }

    public static var apiNotes: [String: APINote] {
        [
            "answer": APINote().with("enum", ComparisonAnswer.allCases.map(\.rawValue)).describe(
                "higher or lower, to a comparison.")
        ]
    }
}

extension ComparisonKind {
    public typealias AnswerBody = ComparisonAnswerBody
}
