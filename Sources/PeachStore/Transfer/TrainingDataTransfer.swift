import Foundation
import GRDB
import PeachCore
import PeachServices

/// Moving training records between the database and CSV files. An export is one read transaction
/// (a consistent snapshot while the server keeps saving). An import is all-or-nothing but written in
/// bounded transactions (`ImportJournal`), so answers saved meanwhile wait for one chunk at most; a
/// crash or an error leaves the records exactly as they were.
public struct TrainingDataTransfer: TrainingDataTransferring {
    private let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    /// Writes the export to `path` (`ExportFile`) from one read transaction: a consistent snapshot.
    public func exportCSV(to path: String) async throws(DataStoreError) -> Int {
        do {
            return try await database.writer.read { db in try ExportFile.write(to: path) { each in try Self.eachRecord(db, each) } }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    /// Records per write transaction: small enough that an answer waiting behind one is not delayed
    /// noticeably, large enough that the per-commit fsync does not dominate.
    static let chunkSize = 4096
    static let pauseBetweenChunks = Duration.milliseconds(5)

    /// Writes the checked file's records, all or nothing. The file was checked whole before this
    /// (`TrainingDataParser`), so writing cannot fail on content; it can only fail on I/O, and then
    /// every chunk already written is taken back.
    /// - Parameter progress: called now and then with the fraction of records written.
    public func importRecords(
        _ parsed: ParsedTrainingData, mode: ImportMode, progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(DataStoreError) -> ImportSummary {
        let writer = database.writer
        let importId: Int64
        do {
            importId = try await writer.write { db in try ImportJournal.begin(db, mode: mode) }
        } catch {
            throw .saveFailed(String(describing: error))
        }
        var duplicates = 0
        var byDiscipline: [Discipline: Int] = [:]
        do {
            let records = parsed.records
            for start in stride(from: 0, to: records.count, by: Self.chunkSize) {
                progress(Double(start) / Double(max(records.count, 1)))
                let chunk = records[start..<min(start + Self.chunkSize, records.count)]
                let counts = try await writer.write { db in
                    try Self.writeChunk(chunk, mode: mode, importId: importId, db)
                }
                duplicates += counts.duplicates
                byDiscipline.merge(counts.byDiscipline, uniquingKeysWith: +)
                // A pause between chunks lets a waiting writer (the server storing an answer) take the
                // lock: without it the next chunk re-takes it within microseconds and the server's
                // busy handler can miss every gap for its whole timeout (measured: 1 answer in 3
                // got 503 during a 200k import).
                try await Task.sleep(for: Self.pauseBetweenChunks)
            }
            try await writer.write { db in try ImportJournal.commit(db, importId: importId) }
        } catch {
            try? await writer.write { db in try ImportJournal.rollBack(db, importId: importId) }
            throw .saveFailed(String(describing: error))
        }
        // Committed: from here on a crash is completed at the next open, never undone.
        do {
            while try await writer.write({ db in try ImportJournal.deleteReplaced(db, importId: importId, limit: Self.chunkSize) }) > 0 {}
            try await writer.write { db in try ImportJournal.finish(db, importId: importId) }
        } catch {
            throw .saveFailed("imported, but the replaced records are not all deleted yet (they will be at the next start): \(error)")
        }
        progress(1)
        return ImportSummary(
            format: parsed.format, mode: mode, duplicatesSkipped: duplicates, skipped: parsed.skipped, byDiscipline: byDiscipline)
    }

    private struct ChunkCounts: Sendable {
        var duplicates = 0
        var byDiscipline: [Discipline: Int] = [:]
    }

    /// One bounded transaction: the chunk's records and the id ranges they took.
    private static func writeChunk(
        _ chunk: ArraySlice<TransferRecord>, mode: ImportMode, importId: Int64, _ db: Database
    ) throws -> ChunkCounts {
        var counts = ChunkCounts()
        var ranges: [String: ClosedRange<Int64>] = [:]
        for record in chunk {
            // In a replace the rows stored before are still there until the import commits: only a
            // merge compares against them.
            let stored = record.timestamp.storageText
            if mode == .merge, try RecordTable.contains(record.trainingRecord, timestamp: stored, db) {
                counts.duplicates += 1
                continue
            }
            try RecordTable.insert(record.trainingRecord, timestamp: stored, db)
            counts.byDiscipline[record.discipline, default: 0] += 1
            let id = db.lastInsertedRowID
            let table = record.trainingRecord.kind.table
            ranges[table] = ranges[table].map { $0.lowerBound...id } ?? id...id
        }
        for (table, ids) in ranges { try ImportJournal.noteChunk(db, importId: importId, table: table, ids: ids) }
        return counts
    }

    // MARK: - SQL

    /// Every record, oldest first, all tables interleaved by time (then by kind, then as stored):
    /// one `UNION ALL` over the kinds' tables, each kind's fields in columns of their own.
    /// Columns: the kind's position, timestamp, id, the labels, then every kind's fields.
    private static func eachRecord(_ db: Database, _ each: (TransferRecord) throws -> Void) throws {
        let tables = RecordTable.all
        let widths = tables.map(\.fields.count)
        let selects = tables.enumerated().map { index, table in
            let before = widths[..<index].reduce(0, +), after = widths[(index + 1)...].reduce(0, +)
            let fields = Array(repeating: "NULL", count: before) + table.fields + Array(repeating: "NULL", count: after)
            return "SELECT \(index), timestamp, id, \(labels), \(fields.joined(separator: ", ")) FROM \(table.name)"
        }
        let statement = try db.makeStatement(sql: selects.joined(separator: " UNION ALL ") + " ORDER BY 2, 1, 3")
        let rows = try Row.fetchCursor(statement)
        var labelReader = RecordLabelReader(firstColumn: 3)
        let firstField = 3 + RecordLabels.columns.count
        while let row = try rows.next() {
            let timestamp: MillisecondTimestamp
            if let text = row[1] as String?, let parsed = MillisecondTimestamp(storageText: text) {
                timestamp = parsed
            } else if let date = row[1] as Date? {
                timestamp = MillisecondTimestamp(date)
            } else {
                throw DataStoreError.fetchFailed("a record has an unreadable timestamp")
            }
            let index = row[0] as Int
            let record = try Self.record(
                TrainingKinds.all[index], statement, timestamp: timestamp.date, labels: try labelReader.read(statement),
                firstColumn: firstField + widths[..<index].reduce(0, +))
            try each(TransferRecord(record))
        }
    }

    private static let labels = RecordLabels.columns.joined(separator: ", ")

    private static func record(
        _ kind: any TrainingKind.Type, _ statement: Statement, timestamp: Date, labels: RecordLabels, firstColumn: Int
    ) throws -> TrainingRecord {
        try record(of: kind, statement, timestamp: timestamp, labels: labels, firstColumn: firstColumn)
    }

    private static func record<Kind: TrainingKind>(
        of kind: Kind.Type, _ statement: Statement, timestamp: Date, labels: RecordLabels, firstColumn: Int
    ) throws -> TrainingRecord {
        TrainingRecord(try RecordTable.record(Kind.Record.self, statement, timestamp: timestamp, labels: labels, firstColumn: firstColumn))
    }
}
