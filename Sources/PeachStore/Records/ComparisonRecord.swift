import Foundation
import GRDB
import PeachCore

/// One row of the `comparison` table: both comparison disciplines (schema v1, labels since v4).
struct ComparisonRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "comparison"

    var id: Int64?
    var note1: Int
    var note2: Int
    var note2CentOffset: Double
    var isCorrect: Bool
    var timestamp: Date
    var discipline: String
    var interval: String
    var direction: String
    var tuningSystem: String

    init(_ comparison: CompletedComparison) {
        note1 = comparison.note1.rawValue
        note2 = comparison.note2.rawValue
        note2CentOffset = comparison.note2CentOffset.rawValue
        isCorrect = comparison.isCorrect
        timestamp = comparison.timestamp
        (discipline, interval, direction, tuningSystem) = RecordLabels(.comparison(comparison)).tuple
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func completedComparison() throws(DataStoreError) -> CompletedComparison {
        guard let note1 = MIDINote(note1), let note2 = MIDINote(note2) else {
            throw .fetchFailed("comparison \(id ?? -1) has a note outside MIDI 0–127")
        }
        let labels = try RecordLabels(discipline: discipline, interval: interval, direction: direction, tuningSystem: tuningSystem)
        return CompletedComparison(
            note1: note1, note2: note2, note2CentOffset: Cents(note2CentOffset), isCorrect: isCorrect,
            timestamp: timestamp, discipline: labels.discipline, interval: labels.interval,
            tuningSystem: labels.tuningSystem)
    }
}
