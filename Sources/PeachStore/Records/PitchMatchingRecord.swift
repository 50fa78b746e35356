import Foundation
import GRDB
import PeachCore

/// One row of the `pitchMatching` table: both matching disciplines (schema v2, labels since v4).
struct PitchMatchingRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "pitchMatching"

    var id: Int64?
    var referenceNote: Int
    var initialCentOffset: Double
    var userCentError: Double
    var timestamp: Date
    var discipline: String
    var interval: String
    var direction: String
    var tuningSystem: String

    init(_ attempt: CompletedPitchMatching) {
        referenceNote = attempt.referenceNote.rawValue
        initialCentOffset = attempt.initialCentOffset.rawValue
        userCentError = attempt.userCentError.rawValue
        timestamp = attempt.timestamp
        (discipline, interval, direction, tuningSystem) = RecordLabels(.matching(attempt)).tuple
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func completedPitchMatching() throws(DataStoreError) -> CompletedPitchMatching {
        guard let note = MIDINote(referenceNote) else {
            throw .fetchFailed("pitch matching \(id ?? -1) has a note outside MIDI 0–127")
        }
        let labels = try RecordLabels(discipline: discipline, interval: interval, direction: direction, tuningSystem: tuningSystem)
        return CompletedPitchMatching(
            referenceNote: note, initialCentOffset: Cents(initialCentOffset), userCentError: Cents(userCentError),
            timestamp: timestamp, discipline: labels.discipline, interval: labels.interval,
            tuningSystem: labels.tuningSystem)
    }
}
