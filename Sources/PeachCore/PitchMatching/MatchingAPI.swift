import Foundation

/// What the API says of a matching trial: the reference, where the tunable note starts and how far
/// the slider reaches; the judged error.
extension MatchingKind {
    public static let apiNames = APINames(
        trial: "PitchMatchingChallenge", result: "PitchMatchingResult", record: "PitchMatchingRecord")
    public static let playsNotes = true

    public static func trialBody(_ trial: PitchMatchingChallenge, settings: TrainingSettings) -> PitchTrialBody<
        MatchingFields
    > {
        let reference = settings.referencePitch
        return PitchTrialBody(
            notes: PlayedNotes(trial.interval, trial.tuningSystem, settings: settings),
            fields: MatchingFields(
                referenceNote: NoteDTO(trial.referenceNote, trial.referenceFrequency(reference: reference)),
                tunableNote: .init(
                    startFrequencyHz: trial.tunableFrequency(atNormalizedValue: .centre, reference: reference).hertz,
                    targetMidi: trial.targetNote.rawValue),
                initialCentOffset: trial.initialCentOffset.rawValue, centRange: trial.centRange.rawValue,
                judging: MatchingJudging(trial)))
    }

    public static func session(_ trial: PitchMatchingChallenge, settings: TrainingSettings) -> TrialSession {
        TrialSession(
            answersOpenSeconds: SessionRules.tuningOpens(noteDuration: .seconds(settings.noteDurationSeconds)).seconds,
            singing: trial.discipline.answerMethod == .voice ? .standard : nil)
    }

    /// The slider's trials: the wheel tunes, its return or a key commits. A sung answer is the voice's.
    public static func midi(_ trial: PitchMatchingChallenge) -> MIDIAnswers? {
        trial.discipline.answerMethod == .slider ? .matching : nil
    }

    public static func result(_ record: CompletedPitchMatching, answer: MatchingAnswer?, trial: PitchMatchingChallenge?)
        -> MatchedAnswer
    {
        MatchedAnswer(userCentError: record.userCentError.rawValue, band: record.band, sungOctave: record.sungOctave)
    }
}

/// A matching trial's own fields.
public struct MatchingFields: Codable, Sendable, APIDescribed {
    public struct TunableNote: Codable, Sendable, APIDescribed {
        public let startFrequencyHz: Double
        public let targetMidi: Int

        public static var apiNotes: [String: APINote] {
            [
                "startFrequencyHz": .describe(
                    "The tunable note at the slider's centre: initialCentOffset from the reference."),
                "targetMidi": APINote.bounds(NoteRange.pianoRange)
                    .describe("The note the tunable note aims at: the reference moved by the interval."),
            ]
        }
    }

    public let referenceNote: NoteDTO
    public let tunableNote: TunableNote
    public let initialCentOffset: Double
    public let centRange: Double
    /// How its answer is judged, so that the page shows the result at the commit.
    public let judging: MatchingJudging

    public static var apiNotes: [String: APINote] {
        [
            "initialCentOffset": APINote.bounds(
                -PitchMatchingChallenge.defaultCentRange.rawValue...PitchMatchingChallenge.defaultCentRange.rawValue
            )
            .describe("Signed offset from the correctly tuned target: positive means the tunable note starts sharp."),
            "centRange": .describe(
                "Cents the slider reaches either way from its centre: the tunable note sounds at startFrequencyHz × 2^(normalizedValue × centRange / 1200)."
            ),
            "judging": .describe(
                "How its answer is judged, exactly as the answer will be: the page shows the result at the commit."
            ),
            // A field every note-playing trial has, described for this kind.
            "noteDurationSeconds": .describe("How long the reference plays; the tunable note starts as it ends."),
        ]
    }
}

/// 200 from a matching trial's answer.
public struct MatchedAnswer: Codable, Sendable, APIDescribed {
    public let userCentError: Double
    public let band: PitchMatchingBand
    /// A sung answer only: the octave it was sung in, relative to the target's.
    public var sungOctave: Int?

    public static var apiNotes: [String: APINote] {
        [
            "userCentError": .describe("initialCentOffset + normalizedValue × centRange; positive means sharp."),
            "band": .describe("deadCenter: rounds to 0 ¢; close: under 10 ¢; near: 10–30 ¢; far: over 30 ¢."),
            "sungOctave": .describe(
                "A sung answer only: the octave sung relative to the target's (-1: an octave below)."),
        ]
    }
}

/// `{"normalizedValue": v}` for the slider, `{"sungCents": c}` for a sung answer (the sung pitch in
/// cents from the target, any octave: only this number leaves the browser, never the microphone's
/// sound).
public struct MatchingAnswerBody: KindAnswerBody {
    let normalizedValue: Double?
    let sungCents: Double?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        switch (normalizedValue, sungCents) {
        case (nil, nil): return nil
        case (let number?, nil):
            guard let value = NormalizedSliderValue(number) else {
                throw AnswerProblem("normalizedValue", "normalizedValue must be a number from -1 to 1, got \(number)")
            }
            return .slider(value)
        case (nil, let cents?):
            guard let sung = SungPitch(centsFromTarget: Cents(cents)) else {
                let limit = Int(SungPitch.limit.rawValue)
                throw AnswerProblem("sungCents", "sungCents must be a number from -\(limit) to \(limit), got \(cents)")
            }
            return .voice(sung)
        case (_?, _?):
            throw AnswerProblem("sungCents", "normalizedValue and sungCents answer different trials: send one")
        }
    }

    public static var apiNotes: [String: APINote] {
        [
            "normalizedValue": APINote.bounds(NormalizedSliderValue.range)
                .describe("A slider trial: the slider's position, -1 bottom, 0 centre (where it starts), 1 top."),
            "sungCents": APINote.bounds(-SungPitch.limit.rawValue...SungPitch.limit.rawValue)
                .describe("A sung trial: the sung pitch in cents from the target, in whatever octave it was sung."),
        ]
    }
}

extension MatchingKind {
    public typealias AnswerBody = MatchingAnswerBody
}
