import Foundation
import Hummingbird
import PeachAudio
import PeachCore

/// `POST /api/trials` with `{"discipline": …}`.
struct TrialRequest: Decodable {
    let discipline: String?

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
struct NoteDTO: Encodable {
    let midi: Int
    let name: String
    let frequencyHz: Double

    init(_ note: MIDINote, _ frequency: Frequency) {
        midi = note.rawValue
        name = note.name
        frequencyHz = frequency.hertz
    }
}

/// The interval a trial plays, with its size in the trial's tuning.
struct IntervalDTO: Encodable {
    let name: Interval
    let direction: IntervalDirection
    let cents: Double

    init(_ interval: DirectedInterval, _ tuning: TuningSystem) {
        name = interval.interval
        direction = interval.direction
        cents = interval.cents(in: tuning).rawValue
    }
}

/// 201 from `POST /api/trials` (and its aliases): everything the client needs to play the trial,
/// and the loop's timing rules, so the client schedules by them instead of restating them.
struct TrialResponse: ResponseEncodable {
    struct Session: Encodable {
        /// Seconds from the first note's start until answers open (comparison) or tuning starts (matching).
        let answersOpenSeconds: Double
        let feedbackSeconds: Double
    }

    struct Note2: Encodable {
        let midi: Int
        /// Offset from the correctly tuned note 2; the sign is the right answer.
        let centOffset: Double
        let frequencyHz: Double
        /// Level relative to note 1, from "vary loudness".
        let levelOffsetDB: Double
    }

    struct TunableNote: Encodable {
        /// Where the tunable note starts: the slider's centre.
        let startFrequencyHz: Double
        let targetMidi: Int
    }

    enum Body {
        case comparison(note1: NoteDTO, note2: Note2, noteGapSeconds: Double)
        case matching(referenceNote: NoteDTO, tunableNote: TunableNote, initialCentOffset: Double, centRange: Double)
    }

    let id: String
    let discipline: Discipline
    let interval: IntervalDTO
    let tuningSystem: TuningSystem
    let noteDurationSeconds: Double
    let session: Session
    let sound: TrialSoundDTO
    let synthesis: SynthesisDTO
    let body: Body

    init(_ issued: TrialService.Issued, sounds: [SoundChoice], synthesis: SynthesisSettings) {
        let settings = issued.settings
        sound = TrialSoundDTO(chosen: settings.soundSource, kind: issued.trial.discipline.kind, sounds: sounds)
        self.synthesis = SynthesisDTO(synthesis)
        let reference = settings.referencePitch
        let duration = Duration.seconds(settings.noteDurationSeconds)
        id = issued.id
        discipline = issued.trial.discipline
        noteDurationSeconds = settings.noteDurationSeconds
        let feedback = SessionRules.feedbackDuration.seconds
        switch issued.trial {
        case let .comparison(comparison):
            interval = IntervalDTO(comparison.interval, comparison.tuningSystem)
            tuningSystem = comparison.tuningSystem
            session = Session(
                answersOpenSeconds: SessionRules.answersOpen(noteDuration: duration, noteGap: .seconds(settings.noteGapSeconds)).seconds,
                feedbackSeconds: feedback)
            body = .comparison(
                note1: NoteDTO(comparison.note1, comparison.note1Frequency(reference: reference)),
                note2: Note2(
                    midi: comparison.note2.rawValue, centOffset: comparison.centOffset.rawValue,
                    frequencyHz: comparison.note2Frequency(reference: reference).hertz,
                    levelOffsetDB: comparison.note2LevelOffset.rawValue),
                noteGapSeconds: settings.noteGapSeconds)
        case let .matching(challenge):
            interval = IntervalDTO(challenge.interval, challenge.tuningSystem)
            tuningSystem = challenge.tuningSystem
            session = Session(answersOpenSeconds: SessionRules.tuningOpens(noteDuration: duration).seconds, feedbackSeconds: feedback)
            body = .matching(
                referenceNote: NoteDTO(challenge.referenceNote, challenge.referenceFrequency(reference: reference)),
                tunableNote: TunableNote(
                    startFrequencyHz: challenge.tunableFrequency(atNormalizedValue: .centre, reference: reference).hertz,
                    targetMidi: challenge.targetNote.rawValue),
                initialCentOffset: challenge.initialCentOffset.rawValue, centRange: challenge.centRange.rawValue)
        }
    }

    private enum Keys: String, CodingKey {
        case id, discipline, interval, tuningSystem, noteDurationSeconds, session, sound, synthesis
        case note1, note2, noteGapSeconds, referenceNote, tunableNote, initialCentOffset, centRange
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(discipline, forKey: .discipline)
        try container.encode(interval, forKey: .interval)
        try container.encode(tuningSystem, forKey: .tuningSystem)
        try container.encode(noteDurationSeconds, forKey: .noteDurationSeconds)
        try container.encode(session, forKey: .session)
        try container.encode(sound, forKey: .sound)
        try container.encode(synthesis, forKey: .synthesis)
        switch body {
        case let .comparison(note1, note2, gap):
            try container.encode(note1, forKey: .note1)
            try container.encode(note2, forKey: .note2)
            try container.encode(gap, forKey: .noteGapSeconds)
        case let .matching(referenceNote, tunableNote, initialCentOffset, centRange):
            try container.encode(referenceNote, forKey: .referenceNote)
            try container.encode(tunableNote, forKey: .tunableNote)
            try container.encode(initialCentOffset, forKey: .initialCentOffset)
            try container.encode(centRange, forKey: .centRange)
        }
    }
}

/// `POST /api/trials/{id}/answer`: `{"answer": "higher"|"lower"}` or `{"normalizedValue": v}`.
struct AnswerRequest: Decodable {
    let answer: String?
    let normalizedValue: Double?

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
struct AnswerResponse: ResponseEncodable {
    let record: TrainingRecord

    private enum Keys: String, CodingKey { case isCorrect, centOffset, userCentError, band }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch record {
        case let .comparison(comparison):
            try container.encode(comparison.isCorrect, forKey: .isCorrect)
            try container.encode(comparison.note2CentOffset.rawValue, forKey: .centOffset)
        case let .matching(attempt):
            try container.encode(attempt.userCentError.rawValue, forKey: .userCentError)
            try container.encode(attempt.band, forKey: .band)
        }
    }
}

/// One stored record as `GET /api/records` lists it: the labels, then the fields of its kind.
struct RecordResponse: Encodable {
    let record: TrainingRecord

    private enum Keys: String, CodingKey {
        case discipline, timestamp, interval, tuningSystem
        case note1, note2, note2CentOffset, isCorrect, referenceNote, initialCentOffset, userCentError
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(record.discipline, forKey: .discipline)
        try container.encode(record.timestamp.apiTimestamp, forKey: .timestamp)
        try container.encode(record.interval, forKey: .interval)
        switch record {
        case let .comparison(comparison):
            try container.encode(comparison.tuningSystem, forKey: .tuningSystem)
            try container.encode(comparison.note1.rawValue, forKey: .note1)
            try container.encode(comparison.note2.rawValue, forKey: .note2)
            try container.encode(comparison.note2CentOffset.rawValue, forKey: .note2CentOffset)
            try container.encode(comparison.isCorrect, forKey: .isCorrect)
        case let .matching(attempt):
            try container.encode(attempt.tuningSystem, forKey: .tuningSystem)
            try container.encode(attempt.referenceNote.rawValue, forKey: .referenceNote)
            try container.encode(attempt.initialCentOffset.rawValue, forKey: .initialCentOffset)
            try container.encode(attempt.userCentError.rawValue, forKey: .userCentError)
        }
    }
}

struct RecordsResponse: ResponseEncodable {
    let records: [RecordResponse]
}
