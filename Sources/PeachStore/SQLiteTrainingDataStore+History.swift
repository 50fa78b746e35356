import Foundation
import GRDB
import PeachCore

extension SQLiteTrainingDataStore: TrainingHistory {
    // Raw rows with the timestamp converted by SQLite itself: decoding a million records through
    // Codable and Foundation's date parsing would dominate start-up.
    private static let unixTime = "(julianday(timestamp) - 2440587.5) * 86400.0"
    private static let labelColumns = RecordLabels.columns.joined(separator: ", ")

    public func reduceComparisons<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedComparison) -> Void
    ) async throws(DataStoreError) -> Result {
        try await reduce(
            sql: "SELECT note1, note2, note2CentOffset, isCorrect, \(Self.unixTime), \(Self.labelColumns) FROM comparison ORDER BY timestamp, id",
            into: initial
        ) { result, row throws(DataStoreError) in
            guard let note1 = MIDINote(row[0] as Int), let note2 = MIDINote(row[1] as Int) else {
                throw .fetchFailed("a stored comparison has a note outside MIDI 0–127")
            }
            let labels = try Self.labels(row, from: 5)
            update(&result, CompletedComparison(
                note1: note1, note2: note2, note2CentOffset: Cents(row[2] as Double), isCorrect: row[3] as Bool,
                timestamp: Self.date(row[4] as Double), discipline: labels.discipline, interval: labels.interval,
                tuningSystem: labels.tuningSystem))
        }
    }

    public func reducePitchMatchings<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedPitchMatching) -> Void
    ) async throws(DataStoreError) -> Result {
        try await reduce(
            sql: "SELECT referenceNote, initialCentOffset, userCentError, \(Self.unixTime), \(Self.labelColumns) FROM pitchMatching ORDER BY timestamp, id",
            into: initial
        ) { result, row throws(DataStoreError) in
            guard let note = MIDINote(row[0] as Int) else {
                throw .fetchFailed("a stored pitch matching has a note outside MIDI 0–127")
            }
            let labels = try Self.labels(row, from: 4)
            update(&result, CompletedPitchMatching(
                referenceNote: note, initialCentOffset: Cents(row[1] as Double), userCentError: Cents(row[2] as Double),
                timestamp: Self.date(row[3] as Double), discipline: labels.discipline, interval: labels.interval,
                tuningSystem: labels.tuningSystem))
        }
    }

    private static func labels(_ row: Row, from index: Int) throws(DataStoreError) -> RecordLabels {
        try RecordLabels(
            discipline: row[index] as String, interval: row[index + 1] as String, direction: row[index + 2] as String,
            tuningSystem: row[index + 3] as String)
    }

    /// Whole milliseconds, as stored: julianday's double is accurate to about 10 µs.
    private static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    }

    private func reduce<Result: Sendable>(
        sql: String, into initial: Result,
        _ step: @escaping @Sendable (inout Result, Row) throws(DataStoreError) -> Void
    ) async throws(DataStoreError) -> Result {
        do {
            return try await database.writer.read { db in
                var result = initial
                let rows = try Row.fetchCursor(db, sql: sql)
                while let row = try rows.next() { try step(&result, row) }
                return result
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }
}
