import Foundation
import Hummingbird
import PeachAudio
import PeachCore

/// `POST /api/trials` with `{"discipline": …}`.
struct TrialRequest: Decodable, APIDescribed {
    let discipline: String?

    static var apiNotes: [String: APINote] { ["discipline": APINote.as(Discipline.self).isRequired] }

    func parsed() throws -> Discipline {
        let names = Discipline.allCases.map(\.rawValue).joined(separator: ", ")
        guard let discipline else { throw HTTPError(.badRequest, message: "discipline is missing: one of \(names)") }
        guard let value = Discipline(rawValue: discipline) else {
            throw HTTPError(.badRequest, message: "discipline must be one of \(names), got '\(discipline)'")
        }
        return value
    }
}

/// A reserve of trials for a client that loses the network: it trains on with them and sends
/// the answers when it is back.
struct ReserveRequest: Decodable, APIDescribed {
    static let counts = 1...50

    let discipline: String?
    let count: Int?

    static var apiNotes: [String: APINote] {
        ["discipline": APINote.as(Discipline.self).isRequired, "count": APINote.bounds(counts).isRequired]
    }

    func parsed() throws -> (Discipline, Int) {
        let discipline = try TrialRequest(discipline: discipline).parsed()
        guard let count, Self.counts.contains(count) else {
            throw HTTPError(.badRequest, message: "count must be a whole number from \(Self.counts.lowerBound) to \(Self.counts.upperBound)")
        }
        return (discipline, count)
    }
}

/// The trials of a reserve, each open for its answer like any other.
struct ReserveResponse: ResponseEncodable, Decodable {
    let trials: [TrialResponse]
}

/// A note as the client plays it: the server decides every frequency.
struct NoteDTO: Codable, APIDescribed {
    let midi: Int
    let name: String
    let frequencyHz: Double

    init(_ note: MIDINote, _ frequency: Frequency) {
        midi = note.rawValue
        name = note.name
        frequencyHz = frequency.hertz
    }

    static var apiNotes: [String: APINote] { ["midi": .bounds(NoteRange.pianoRange)] }
}

/// The interval a trial plays, with its size in the trial's tuning.
struct IntervalDTO: Codable, APIDescribed {
    let name: Interval
    let direction: IntervalDirection
    let cents: Double

    init(_ interval: DirectedInterval, _ tuning: TuningSystem) {
        name = interval.interval
        direction = interval.direction
        cents = interval.cents(in: tuning).rawValue
    }

    static var apiNotes: [String: APINote] {
        ["cents": .describe("Signed size in the trial's tuning, measured from the played reference note.")]
    }
}

/// What every trial says, whatever its kind: written flat into the trial's own object.
struct TrialHeader: Codable {
    /// The loop's timing rules, so the client schedules by them instead of restating them.
    struct Session: Codable, APIDescribed {
        let answersOpenSeconds: Double
        let feedbackSeconds: Double
        /// A sung trial only: when a sung note counts, the rules `peach sing` commits by too.
        var singing: Singing?

        static var apiNotes: [String: APINote] {
            [
                "answersOpenSeconds": .describe(
                    "From the first note's start: when answers open (comparison: note 2's onset) or the tunable note starts (matching)."),
                "feedbackSeconds": .describe("How long feedback shows before the next trial starts."),
                "singing": .describe("A sung trial only: when the sung note counts (SingingRules)."),
            ]
        }
    }

    /// SingingRules in seconds and cents.
    struct Singing: Codable, APIDescribed {
        let holdSeconds: Double
        let steadyCents: Double
        let smoothingSeconds: Double
        let gapSeconds: Double
        let echoSeconds: Double
        let silencePromptSeconds: Double

        init(_ rules: SingingRules) {
            holdSeconds = rules.hold.seconds
            steadyCents = rules.steadyCents
            smoothingSeconds = rules.smoothing.seconds
            gapSeconds = rules.gap.seconds
            echoSeconds = rules.echo.seconds
            silencePromptSeconds = rules.silencePrompt.seconds
        }

        static var apiNotes: [String: APINote] {
            [
                "holdSeconds": .describe("A note held steady this long is committed."),
                "steadyCents": .describe(
                    "Steady: every smoothed value of the held time within this many cents of their mean."),
                "smoothingSeconds": .describe("Frames are averaged over this long, so vibrato cancels."),
                "gapSeconds": .describe("A dropout this short does not break the note."),
                "echoSeconds": .describe("Frames starting this soon after the reference ends are its echo, not the singer."),
                "silencePromptSeconds": .describe("Nothing pitched heard for this long: a friendly prompt."),
            ]
        }
    }

    let id: String
    let discipline: Discipline
    let interval: IntervalDTO
    let tuningSystem: TuningSystem
    let noteDurationSeconds: Double
    let sound: TrialSoundDTO
    let synthesis: SynthesisDTO
    let session: Session
}

/// A trial as the client receives it: the header every trial has and its kind's own fields, in one
/// flat object.
struct FlatTrial<Fields: Codable & Sendable & APIDescribed>: Codable, Sendable, APIDescribed {
    let header: TrialHeader
    let fields: Fields

    init(header: TrialHeader, fields: Fields) {
        self.header = header
        self.fields = fields
    }

    init(from decoder: any Decoder) throws {
        header = try TrialHeader(from: decoder)
        fields = try Fields(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try header.encode(to: encoder)
        try fields.encode(to: encoder)
    }

    static var apiNotes: [String: APINote] { Fields.apiNotes.merging(["": .closed]) { $0.merged($1) } }
}

/// A higher/lower trial of a comparison discipline.
typealias ComparisonTrial = FlatTrial<ComparisonFields>

struct ComparisonFields: Codable, APIDescribed {
    struct Note2: Codable, APIDescribed {
        let midi: Int
        let centOffset: Double
        let frequencyHz: Double
        let levelOffsetDB: Double

        static var apiNotes: [String: APINote] {
            [
                "midi": APINote.bounds(NoteRange.pianoRange).describe("The interval's target note (note 1 for unison)."),
                "centOffset": .describe(
                    "Signed offset from the correctly tuned note 2 (the interval from note 1): positive means note 2 is higher than it should be."),
                "levelOffsetDB": .describe("Note 2's level relative to note 1 (vary loudness)."),
            ]
        }
    }

    let note1: NoteDTO
    let note2: Note2
    let noteGapSeconds: Double

    static var apiNotes: [String: APINote] { [:] }
}

/// A slider trial of a matching discipline.
typealias MatchingTrial = FlatTrial<MatchingFields>

struct MatchingFields: Codable, APIDescribed {
    struct TunableNote: Codable, APIDescribed {
        let startFrequencyHz: Double
        let targetMidi: Int

        static var apiNotes: [String: APINote] {
            [
                "startFrequencyHz": .describe("The tunable note at the slider's centre: initialCentOffset from the reference."),
                "targetMidi": APINote.bounds(NoteRange.pianoRange)
                    .describe("The note the tunable note aims at: the reference moved by the interval."),
            ]
        }
    }

    let referenceNote: NoteDTO
    let tunableNote: TunableNote
    let initialCentOffset: Double
    let centRange: Double

    static var apiNotes: [String: APINote] {
        [
            "initialCentOffset": APINote.bounds(-PitchMatchingChallenge.defaultCentRange.rawValue...PitchMatchingChallenge.defaultCentRange.rawValue)
                .describe("Signed offset from the correctly tuned target: positive means the tunable note starts sharp."),
            "centRange": .describe(
                "Cents the slider reaches either way from its centre: the tunable note sounds at startFrequencyHz × 2^(normalizedValue × centRange / 1200)."),
            // A header field, described for this kind: the tracer applies notes to the whole flat object.
            "noteDurationSeconds": .describe("How long the reference plays; the tunable note starts as it ends."),
        ]
    }
}

/// 201 from `POST /api/trials` (and its aliases): everything the client needs to play the trial.
typealias TrialResponse = OneOfKind<ComparisonTrial, MatchingTrial, RhythmComparisonTrial, RhythmMatchingTrialDTO>

extension TrialResponse {
    init(_ issued: TrialService.Issued, sounds: [SoundChoice], synthesis: SynthesisSettings) {
        let settings = issued.settings
        let sound = TrialSoundDTO(chosen: settings.soundSource, kind: issued.trial.discipline.kind, sounds: sounds)
        let synthesis = SynthesisDTO(synthesis)
        let reference = settings.referencePitch
        let duration = Duration.seconds(settings.noteDurationSeconds)
        let feedback = SessionRules.feedbackDuration.seconds
        switch issued.trial {
        case let .comparison(comparison):
            let header = TrialHeader(
                id: issued.id, discipline: comparison.discipline,
                interval: IntervalDTO(comparison.interval, comparison.tuningSystem), tuningSystem: comparison.tuningSystem,
                noteDurationSeconds: settings.noteDurationSeconds, sound: sound, synthesis: synthesis,
                session: .init(
                    answersOpenSeconds: SessionRules.answersOpen(noteDuration: duration, noteGap: .seconds(settings.noteGapSeconds)).seconds,
                    feedbackSeconds: feedback))
            self = .comparison(ComparisonTrial(header: header, fields: ComparisonFields(
                note1: NoteDTO(comparison.note1, comparison.note1Frequency(reference: reference)),
                note2: .init(
                    midi: comparison.note2.rawValue, centOffset: comparison.centOffset.rawValue,
                    frequencyHz: comparison.note2Frequency(reference: reference).hertz,
                    levelOffsetDB: comparison.note2LevelOffset.rawValue),
                noteGapSeconds: settings.noteGapSeconds)))
        case let .matching(challenge):
            let header = TrialHeader(
                id: issued.id, discipline: challenge.discipline,
                interval: IntervalDTO(challenge.interval, challenge.tuningSystem), tuningSystem: challenge.tuningSystem,
                noteDurationSeconds: settings.noteDurationSeconds, sound: sound, synthesis: synthesis,
                session: .init(
                    answersOpenSeconds: SessionRules.tuningOpens(noteDuration: duration).seconds, feedbackSeconds: feedback,
                    singing: challenge.discipline.answerMethod == .voice ? TrialHeader.Singing(.standard) : nil))
            self = .matching(MatchingTrial(header: header, fields: MatchingFields(
                referenceNote: NoteDTO(challenge.referenceNote, challenge.referenceFrequency(reference: reference)),
                tunableNote: .init(
                    startFrequencyHz: challenge.tunableFrequency(atNormalizedValue: .centre, reference: reference).hertz,
                    targetMidi: challenge.targetNote.rawValue),
                initialCentOffset: challenge.initialCentOffset.rawValue, centRange: challenge.centRange.rawValue)))
        case let .rhythmComparison(trial):
            self = .rhythmComparison(RhythmComparisonTrial(id: issued.id, trial))
        case let .rhythmMatching(trial):
            self = .rhythmMatching(RhythmMatchingTrialDTO(id: issued.id, trial))
        }
    }
}

/// `POST /api/trials/{id}/answer`: `{"answer": "higher"|"lower"|"early"|"late"}`,
/// `{"normalizedValue": v}`, `{"sungCents": c}` (the sung pitch in cents from the target, any
/// octave: only this number leaves the browser, never the microphone's sound) or
/// `{"tapSeconds": [...]}` (Fill the Gap).
struct AnswerRequest: Decodable, APIDescribed {
    static let maximumTaps = 200

    let answer: String?
    let normalizedValue: Double?
    let sungCents: Double?
    let tapSeconds: [Double]?
    let answeredSecondsAgo: Double?

    init(
        answer: String? = nil, normalizedValue: Double? = nil, sungCents: Double? = nil, tapSeconds: [Double]? = nil,
        answeredSecondsAgo: Double? = nil
    ) {
        self.answer = answer
        self.normalizedValue = normalizedValue
        self.sungCents = sungCents
        self.tapSeconds = tapSeconds
        self.answeredSecondsAgo = answeredSecondsAgo
    }

    /// How long before sending the user answered: measured on the client's own clock, so the two
    /// clocks need not agree.
    func age() throws -> Duration {
        guard let seconds = answeredSecondsAgo else { return .zero }
        let limit = TrialService.answerAgeLimit.seconds
        guard seconds >= 0, seconds <= limit else {
            throw HTTPError(.badRequest, message: "answeredSecondsAgo must be a number from 0 to \(Int(limit)), got \(seconds)")
        }
        return .seconds(seconds)
    }

    static var apiNotes: [String: APINote] {
        [
            "": .describe(
                "Exactly one of: answer for a comparison (higher/lower) or Compare Timing (early/late), normalizedValue for a slider trial, sungCents for a sung one, tapSeconds for Fill the Gap."),
            "answer": APINote().with("enum", (ComparisonAnswer.allCases.map(\.rawValue) + TimingAnswer.allCases.map(\.rawValue))),
            "tapSeconds": APINote().with("maxItems", maximumTaps).describe(
                "Fill the Gap: every tap in seconds from the trial's time zero, on the audio clock, corrected for output latency and the device calibration."),
            "normalizedValue": APINote.bounds(NormalizedSliderValue.range)
                .describe("The slider's position: -1 bottom, 0 centre (where it starts), 1 top."),
            "sungCents": APINote.bounds(-SungPitch.limit.rawValue...SungPitch.limit.rawValue)
                .describe("The sung pitch in cents from the target, in whatever octave it was sung."),
            "answeredSecondsAgo": APINote.bounds(0...TrialService.answerAgeLimit.seconds)
                .describe("How long before this request the user answered (an answer sent late, after a network loss, keeps its time). Default 0."),
        ]
    }

    func parsed() throws -> TrialAnswer {
        if let tapSeconds {
            guard answer == nil, normalizedValue == nil, sungCents == nil else {
                throw HTTPError(.badRequest, message: "tapSeconds comes alone: no answer, normalizedValue or sungCents beside it")
            }
            guard tapSeconds.count <= Self.maximumTaps else {
                throw HTTPError(.badRequest, message: "tapSeconds must hold at most \(Self.maximumTaps) taps, got \(tapSeconds.count)")
            }
            return .taps(tapSeconds)
        }
        switch (answer, normalizedValue, sungCents) {
        case let (nil, nil, cents?):
            guard let sung = SungPitch(centsFromTarget: Cents(cents)) else {
                throw HTTPError(.badRequest, message: "sungCents must be a number from -\(Int(SungPitch.limit.rawValue)) to \(Int(SungPitch.limit.rawValue)), got \(cents)")
            }
            return .voice(sung)
        case let (text?, nil, nil):
            if let timing = TimingAnswer(rawValue: text) { return .timing(timing) }
            guard let direction = ComparisonAnswer(rawValue: text) else {
                throw HTTPError(.badRequest, message: "answer must be higher or lower (early or late for Compare Timing), got '\(text)'")
            }
            return .direction(direction)
        case let (nil, number?, nil):
            guard let value = NormalizedSliderValue(number) else {
                throw HTTPError(.badRequest, message: "normalizedValue must be a number from -1 to 1, got \(number)")
            }
            return .slider(value)
        default:
            throw HTTPError(.badRequest, message: "the body must hold one of answer (higher, lower, early or late), normalizedValue (-1 to 1), sungCents or tapSeconds")
        }
    }
}

/// 200 from an answer: the judged result of the trial's kind.
typealias AnswerResponse = OneOfKind<JudgedAnswer, MatchedAnswer, TimingAnswerResponse, TappingAnswerResponse>

extension AnswerResponse {
    /// - Parameter taps: Fill the Gap's taps judged (empty when the trial is no longer known, as
    ///   for the retry of an answer already stored).
    init(record: TrainingRecord, taps: [TapJudgement.Tap] = []) {
        switch record {
        case let .comparison(comparison):
            self = .comparison(JudgedAnswer(isCorrect: comparison.isCorrect, centOffset: comparison.note2CentOffset.rawValue))
        case let .matching(attempt):
            self = .matching(MatchedAnswer(userCentError: attempt.userCentError.rawValue, band: attempt.band, sungOctave: attempt.sungOctave))
        case let .rhythmComparison(answer):
            self = .rhythmComparison(TimingAnswerResponse(
                isCorrect: answer.isCorrect, offsetMs: answer.offsetMs, offsetPercent: abs(answer.offsetPercent)))
        case let .rhythmMatching(answer):
            self = .rhythmMatching(TappingAnswerResponse(answer, taps: taps))
        }
    }
}

struct JudgedAnswer: Codable {
    let isCorrect: Bool
    let centOffset: Double
}

struct MatchedAnswer: Codable, APIDescribed {
    let userCentError: Double
    let band: PitchMatchingBand
    /// A sung answer only: the octave it was sung in, relative to the target's.
    var sungOctave: Int?

    static var apiNotes: [String: APINote] {
        [
            "userCentError": .describe("initialCentOffset + normalizedValue × centRange; positive means sharp."),
            "band": .describe("deadCenter: rounds to 0 ¢; close: under 10 ¢; near: 10–30 ¢; far: over 30 ¢."),
            "sungOctave": .describe("A sung answer only: the octave sung relative to the target's (-1: an octave below)."),
        ]
    }
}

/// One stored record as `GET /api/records` lists it: the labels, then the fields of its kind.
struct RecordResponse: Codable, APIDescribed {
    let discipline: Discipline
    let timestamp: String
    let interval: DirectedInterval
    let tuningSystem: TuningSystem
    var note1: Int?
    var note2: Int?
    var note2CentOffset: Double?
    var isCorrect: Bool?
    var referenceNote: Int?
    var initialCentOffset: Double?
    var userCentError: Double?
    var sungOctave: Int?
    var tempoBPM: Int?
    var offsetMs: Double?
    var offsetPercent: Double?
    var meanOffsetMs: Double?
    var offsetSDMs: Double?
    var hitRate: Double?
    var meanOffsetMsPosition0: Double?
    var meanOffsetMsPosition1: Double?
    var meanOffsetMsPosition2: Double?
    var meanOffsetMsPosition3: Double?

    init(_ record: TrainingRecord) {
        discipline = record.discipline
        timestamp = record.timestamp.apiTimestamp
        interval = record.interval
        switch record {
        case let .comparison(comparison):
            tuningSystem = comparison.tuningSystem
            note1 = comparison.note1.rawValue
            note2 = comparison.note2.rawValue
            note2CentOffset = comparison.note2CentOffset.rawValue
            isCorrect = comparison.isCorrect
        case let .matching(attempt):
            tuningSystem = attempt.tuningSystem
            referenceNote = attempt.referenceNote.rawValue
            initialCentOffset = attempt.initialCentOffset.rawValue
            userCentError = attempt.userCentError.rawValue
            sungOctave = attempt.sungOctave
        case let .rhythmComparison(answer):
            tuningSystem = .equalTemperament
            tempoBPM = answer.tempo.rawValue
            offsetMs = answer.offsetMs
            offsetPercent = abs(answer.offsetPercent)
            isCorrect = answer.isCorrect
        case let .rhythmMatching(answer):
            tuningSystem = .equalTemperament
            tempoBPM = answer.tempo.rawValue
            meanOffsetMs = answer.meanOffsetMs
            offsetSDMs = answer.offsetSDMs
            hitRate = answer.hitRate
            let positions = answer.meanOffsetMsByPosition
            (meanOffsetMsPosition0, meanOffsetMsPosition1, meanOffsetMsPosition2, meanOffsetMsPosition3) =
                (positions[0], positions[1], positions[2], positions[3])
        }
    }

    static var apiNotes: [String: APINote] { ["": .closed, "timestamp": APINote().with("format", "date-time")] }
}

struct RecordsResponse: ResponseEncodable, Decodable {
    let records: [RecordResponse]
}
