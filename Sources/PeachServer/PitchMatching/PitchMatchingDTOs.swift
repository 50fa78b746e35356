import Foundation
import Hummingbird
import PeachCore

/// `POST /api/pitch-matching` → 201: everything the browser needs to play the challenge and to move
/// the tunable note with the slider.
struct PitchMatchingChallengeResponse: ResponseEncodable {
    struct ReferenceNote: Encodable {
        let midi: Int
        let name: String
        let frequencyHz: Double
    }

    struct TunableNote: Encodable {
        /// Where the tunable note starts: the slider's centre.
        let startFrequencyHz: Double
    }

    let id: String
    let referenceNote: ReferenceNote
    let tunableNote: TunableNote
    let initialCentOffset: Double
    /// How far the slider reaches from its centre either way, in cents.
    let centRange: Double
    let noteDurationSeconds: Double

    init(_ issued: PitchMatchingService.Issued) {
        let challenge = issued.challenge
        let reference = issued.settings.referencePitch
        id = issued.id
        referenceNote = ReferenceNote(
            midi: challenge.referenceNote.rawValue, name: challenge.referenceNote.name,
            frequencyHz: challenge.referenceFrequency(reference: reference).hertz)
        tunableNote = TunableNote(
            startFrequencyHz: challenge.tunableFrequency(atNormalizedValue: .centre, reference: reference).hertz)
        initialCentOffset = challenge.initialCentOffset.rawValue
        centRange = challenge.centRange.rawValue
        noteDurationSeconds = issued.settings.noteDurationSeconds
    }
}

struct PitchMatchingResultRequest: Decodable {
    let normalizedValue: Double

    /// The slider's value, or a 400 that names the field and its range.
    func sliderValue() throws -> NormalizedSliderValue {
        guard let value = NormalizedSliderValue(normalizedValue) else {
            throw HTTPError(.badRequest, message: "normalizedValue must be a number from -1 to 1, got \(normalizedValue)")
        }
        return value
    }
}

struct PitchMatchingResultResponse: ResponseEncodable {
    /// Signed: positive means the user ended sharp.
    let userCentError: Double
    let band: PitchMatchingBand

    init(_ completed: CompletedPitchMatching) {
        userCentError = completed.userCentError.rawValue
        band = completed.band
    }
}

/// One stored attempt as `GET /api/records/pitch-matching` lists it.
struct PitchMatchingRecordResponse: Encodable {
    let referenceNote: Int
    let initialCentOffset: Double
    let userCentError: Double
    let timestamp: String

    init(_ attempt: CompletedPitchMatching) {
        referenceNote = attempt.referenceNote.rawValue
        initialCentOffset = attempt.initialCentOffset.rawValue
        userCentError = attempt.userCentError.rawValue
        timestamp = attempt.timestamp.apiTimestamp
    }
}

struct PitchMatchingRecordsResponse: ResponseEncodable {
    let records: [PitchMatchingRecordResponse]
}
