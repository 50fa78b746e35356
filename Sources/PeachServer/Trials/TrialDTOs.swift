import Foundation
import Hummingbird
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

        static var apiNotes: [String: APINote] {
            [
                "answersOpenSeconds": .describe(
                    "From the first note's start: when answers open (comparison: note 2's onset) or the tunable note starts (matching)."),
                "feedbackSeconds": .describe("How long feedback shows before the next trial starts."),
            ]
        }
    }

    let id: String
    let discipline: Discipline
    let interval: IntervalDTO
    let tuningSystem: TuningSystem
    let noteDurationSeconds: Double
    let session: Session
}

/// A higher/lower trial of a comparison discipline.
struct ComparisonTrial: Codable, APIDescribed {
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

    let header: TrialHeader
    let note1: NoteDTO
    let note2: Note2
    let noteGapSeconds: Double

    init(header: TrialHeader, note1: NoteDTO, note2: Note2, noteGapSeconds: Double) {
        self.header = header
        self.note1 = note1
        self.note2 = note2
        self.noteGapSeconds = noteGapSeconds
    }

    private enum Keys: String, CodingKey { case note1, note2, noteGapSeconds }

    init(from decoder: any Decoder) throws {
        header = try TrialHeader(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        note1 = try container.decode(NoteDTO.self, forKey: .note1)
        note2 = try container.decode(Note2.self, forKey: .note2)
        noteGapSeconds = try container.decode(Double.self, forKey: .noteGapSeconds)
    }

    func encode(to encoder: any Encoder) throws {
        try header.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(note1, forKey: .note1)
        try container.encode(note2, forKey: .note2)
        try container.encode(noteGapSeconds, forKey: .noteGapSeconds)
    }

    static var apiNotes: [String: APINote] { ["": .closed] }
}

/// A slider trial of a matching discipline.
struct MatchingTrial: Codable, APIDescribed {
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

    let header: TrialHeader
    let referenceNote: NoteDTO
    let tunableNote: TunableNote
    let initialCentOffset: Double
    let centRange: Double

    init(header: TrialHeader, referenceNote: NoteDTO, tunableNote: TunableNote, initialCentOffset: Double, centRange: Double) {
        self.header = header
        self.referenceNote = referenceNote
        self.tunableNote = tunableNote
        self.initialCentOffset = initialCentOffset
        self.centRange = centRange
    }

    private enum Keys: String, CodingKey { case referenceNote, tunableNote, initialCentOffset, centRange }

    init(from decoder: any Decoder) throws {
        header = try TrialHeader(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        referenceNote = try container.decode(NoteDTO.self, forKey: .referenceNote)
        tunableNote = try container.decode(TunableNote.self, forKey: .tunableNote)
        initialCentOffset = try container.decode(Double.self, forKey: .initialCentOffset)
        centRange = try container.decode(Double.self, forKey: .centRange)
    }

    func encode(to encoder: any Encoder) throws {
        try header.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(referenceNote, forKey: .referenceNote)
        try container.encode(tunableNote, forKey: .tunableNote)
        try container.encode(initialCentOffset, forKey: .initialCentOffset)
        try container.encode(centRange, forKey: .centRange)
    }

    static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "initialCentOffset": APINote.bounds(-PitchMatchingChallenge.defaultCentRange.rawValue...PitchMatchingChallenge.defaultCentRange.rawValue)
                .describe("Signed offset from the correctly tuned target: positive means the tunable note starts sharp."),
            "centRange": .describe(
                "Cents the slider reaches either way from its centre: the tunable note sounds at startFrequencyHz × 2^(normalizedValue × centRange / 1200)."),
            "noteDurationSeconds": .describe("How long the reference plays; the tunable note starts as it ends."),
        ]
    }
}

/// 201 from `POST /api/trials` (and its aliases): everything the client needs to play the trial.
enum TrialResponse: ResponseEncodable, APISchemaProviding {
    case comparison(ComparisonTrial)
    case matching(MatchingTrial)

    init(_ issued: TrialService.Issued) {
        let settings = issued.settings
        let reference = settings.referencePitch
        let duration = Duration.seconds(settings.noteDurationSeconds)
        let feedback = SessionRules.feedbackDuration.seconds
        switch issued.trial {
        case let .comparison(comparison):
            let header = TrialHeader(
                id: issued.id, discipline: comparison.discipline,
                interval: IntervalDTO(comparison.interval, comparison.tuningSystem), tuningSystem: comparison.tuningSystem,
                noteDurationSeconds: settings.noteDurationSeconds,
                session: .init(
                    answersOpenSeconds: SessionRules.answersOpen(noteDuration: duration, noteGap: .seconds(settings.noteGapSeconds)).seconds,
                    feedbackSeconds: feedback))
            self = .comparison(ComparisonTrial(
                header: header,
                note1: NoteDTO(comparison.note1, comparison.note1Frequency(reference: reference)),
                note2: .init(
                    midi: comparison.note2.rawValue, centOffset: comparison.centOffset.rawValue,
                    frequencyHz: comparison.note2Frequency(reference: reference).hertz,
                    levelOffsetDB: comparison.note2LevelOffset.rawValue),
                noteGapSeconds: settings.noteGapSeconds))
        case let .matching(challenge):
            let header = TrialHeader(
                id: issued.id, discipline: challenge.discipline,
                interval: IntervalDTO(challenge.interval, challenge.tuningSystem), tuningSystem: challenge.tuningSystem,
                noteDurationSeconds: settings.noteDurationSeconds,
                session: .init(answersOpenSeconds: SessionRules.tuningOpens(noteDuration: duration).seconds, feedbackSeconds: feedback))
            self = .matching(MatchingTrial(
                header: header,
                referenceNote: NoteDTO(challenge.referenceNote, challenge.referenceFrequency(reference: reference)),
                tunableNote: .init(
                    startFrequencyHz: challenge.tunableFrequency(atNormalizedValue: .centre, reference: reference).hertz,
                    targetMidi: challenge.targetNote.rawValue),
                initialCentOffset: challenge.initialCentOffset.rawValue, centRange: challenge.centRange.rawValue))
        }
    }

    init(from decoder: any Decoder) throws {
        self = .comparison(try ComparisonTrial(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case let .comparison(trial): try trial.encode(to: encoder)
        case let .matching(trial): try trial.encode(to: encoder)
        }
    }

    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let comparison = try tracer.trace(ComparisonTrial.self)
        return (.comparison(comparison.value), ["oneOf": [comparison.schema, try tracer.trace(MatchingTrial.self).schema]])
    }
}

/// `POST /api/trials/{id}/answer`: `{"answer": "higher"|"lower"}` or `{"normalizedValue": v}`.
struct AnswerRequest: Decodable, APIDescribed {
    let answer: String?
    let normalizedValue: Double?

    static var apiNotes: [String: APINote] {
        [
            "": .describe("Exactly one of the two: answer for a comparison, normalizedValue for a matching trial."),
            "answer": .as(ComparisonAnswer.self),
            "normalizedValue": APINote.bounds(NormalizedSliderValue.range)
                .describe("The slider's position: -1 bottom, 0 centre (where it starts), 1 top."),
        ]
    }

    func parsed() throws -> TrialAnswer {
        switch (answer, normalizedValue) {
        case let (text?, nil):
            guard let direction = ComparisonAnswer(rawValue: text) else {
                throw HTTPError(.badRequest, message: "answer must be higher or lower, got '\(text)'")
            }
            return .direction(direction)
        case let (nil, number?):
            guard let value = NormalizedSliderValue(number) else {
                throw HTTPError(.badRequest, message: "normalizedValue must be a number from -1 to 1, got \(number)")
            }
            return .slider(value)
        default:
            throw HTTPError(.badRequest, message: "the body must hold either answer (higher or lower) or normalizedValue (-1 to 1)")
        }
    }
}

/// 200 from an answer: the judged result of the trial's kind.
enum AnswerResponse: ResponseEncodable, APISchemaProviding {
    struct Judged: Codable {
        let isCorrect: Bool
        let centOffset: Double
    }

    struct Matched: Codable, APIDescribed {
        let userCentError: Double
        let band: PitchMatchingBand

        static var apiNotes: [String: APINote] {
            [
                "userCentError": .describe("initialCentOffset + normalizedValue × centRange; positive means sharp."),
                "band": .describe("deadCenter: rounds to 0 ¢; close: under 10 ¢; near: 10–30 ¢; far: over 30 ¢."),
            ]
        }
    }

    case comparison(Judged)
    case matching(Matched)

    init(record: TrainingRecord) {
        switch record {
        case let .comparison(comparison):
            self = .comparison(Judged(isCorrect: comparison.isCorrect, centOffset: comparison.note2CentOffset.rawValue))
        case let .matching(attempt):
            self = .matching(Matched(userCentError: attempt.userCentError.rawValue, band: attempt.band))
        }
    }

    init(from decoder: any Decoder) throws {
        self = .comparison(try Judged(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case let .comparison(judged): try judged.encode(to: encoder)
        case let .matching(matched): try matched.encode(to: encoder)
        }
    }

    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let judged = try tracer.trace(Judged.self)
        return (.comparison(judged.value), ["oneOf": [judged.schema, try tracer.trace(Matched.self).schema]])
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
        }
    }

    static var apiNotes: [String: APINote] { ["": .closed, "timestamp": APINote().with("format", "date-time")] }
}

struct RecordsResponse: ResponseEncodable, Decodable {
    let records: [RecordResponse]
}
