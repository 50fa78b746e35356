import Foundation
import Hummingbird
import PeachCore

/// `POST /api/comparisons` → 201: everything the browser needs to play the trial.
struct ComparisonResponse: ResponseEncodable {
    struct Note1: Encodable {
        let midi: Int
        let name: String
        let frequencyHz: Double
    }

    struct Note2: Encodable {
        let midi: Int
        let centOffset: Double
        let frequencyHz: Double
        /// Level relative to note 1, from "vary loudness".
        let levelOffsetDB: Double
    }

    let id: String
    let note1: Note1
    let note2: Note2
    let noteDurationSeconds: Double
    let noteGapSeconds: Double

    init(_ issued: ComparisonService.Issued) {
        let comparison = issued.comparison
        let reference = issued.settings.referencePitch
        id = issued.id
        note1 = Note1(
            midi: comparison.note1.rawValue, name: comparison.note1.name,
            frequencyHz: comparison.note1Frequency(reference: reference).hertz)
        note2 = Note2(
            midi: comparison.note2.rawValue, centOffset: comparison.centOffset.rawValue,
            frequencyHz: comparison.note2Frequency(reference: reference).hertz,
            levelOffsetDB: comparison.note2LevelOffset.rawValue)
        noteDurationSeconds = issued.settings.noteDurationSeconds
        noteGapSeconds = issued.settings.noteGapSeconds
    }
}

struct AnswerRequest: Decodable {
    let answer: ComparisonAnswer
}

struct AnswerResponse: ResponseEncodable {
    let isCorrect: Bool
    let centOffset: Double
}

/// One stored comparison as `GET /api/records/comparisons` lists it.
struct ComparisonRecordResponse: Encodable {
    let note1: Int
    let note2: Int
    let note2CentOffset: Double
    let isCorrect: Bool
    let timestamp: String

    init(_ comparison: CompletedComparison) {
        note1 = comparison.note1.rawValue
        note2 = comparison.note2.rawValue
        note2CentOffset = comparison.note2CentOffset.rawValue
        isCorrect = comparison.isCorrect
        timestamp = comparison.timestamp.apiTimestamp
    }
}

struct ComparisonRecordsResponse: ResponseEncodable {
    let records: [ComparisonRecordResponse]
}
