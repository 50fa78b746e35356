import Foundation
import GRDB
import PeachCore
import PeachServices

/// Moving training records between the database and CSV files. An export is one read transaction
/// (a consistent snapshot while the server keeps saving). An import writes each batch to staging
/// tables no reader sees (`ImportStaging`) as the file arrives, and publishes them in one
/// transaction at its end: a bad row, an error or a crash leaves the records exactly as they were.
public struct TrainingDataTransfer: TrainingDataTransferring {
    private let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    /// Writes the export to `path` (`ExportFile`) from one read transaction: a consistent snapshot.
    public func exportCSV(to path: String) async throws(DataStoreError) -> Int {
        do {
            return try await database.writer.read { db in
                try ExportFile.write(to: path) { each in try Self.eachRecord(db, each) }
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    /// The database files an import is running on, in this process: the staging tables are the
    /// writer connection's, so a second import on the same file would write into the first's.
    private static let importing = LockedPaths()

    public func importRecords(
        from source: TrainingDataSource, mode: ImportMode, progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(ImportFailure) -> ImportSummary {
        guard Self.importing.insert(database.path) else { throw .busy }
        defer { Self.importing.remove(database.path) }
        let writer = database.writer
        var duplicates = 0
        var byDiscipline: [Discipline: Int] = [:]
        do {
            // Taken before the file is read: a replace takes away what was stored when it began.
            let watermarks = try await writer.read(ImportStaging.watermarks)
            try await writer.writeWithoutTransaction(ImportStaging.create)
            do {
                while let batch = try await source.nextBatch() {
                    let counts = try await writer.writeWithoutTransaction { db in
                        var counts = ChunkCounts()
                        // Deferred: a transaction on TEMP tables alone never takes the database's
                        // write lock, so another process's writer (a server beside a CLI import) does not wait.
                        try db.inTransaction(.deferred) {
                            counts = try Self.stage(batch, mode: mode, db)
                            return .commit
                        }
                        return counts
                    }
                    duplicates += counts.duplicates
                    byDiscipline.merge(counts.byDiscipline, uniquingKeysWith: +)
                    progress(source.fractionRead)
                }
                try await writer.write { db in
                    try ImportStaging.publish(db, replacing: mode == .replace ? watermarks : nil)
                }
            } catch {
                try? await writer.writeWithoutTransaction(ImportStaging.drop)
                throw error
            }
        } catch let error as ImportFailure {
            throw error
        } catch {
            throw .store(.saveFailed(String(describing: error)))
        }
        progress(1)
        return ImportSummary(
            format: source.format, mode: mode, duplicatesSkipped: duplicates, skipped: source.skipped,
            byDiscipline: byDiscipline)
    }

    private struct ChunkCounts: Sendable {
        var duplicates = 0
        var byDiscipline: [Discipline: Int] = [:]
    }

    private static func stage(_ batch: [TransferRecord], mode: ImportMode, _ db: Database) throws -> ChunkCounts {
        var counts = ChunkCounts()
        for record in batch {
            let stored = record.timestamp.storageText
            // A merge skips what is stored and what the file brought already; a replace keeps every row.
            if mode == .merge,
                try RecordTable.contains(record.trainingRecord, timestamp: stored, db)
                    || RecordTable.contains(record.trainingRecord, timestamp: stored, staged: true, db)
            {
                counts.duplicates += 1
                continue
            }
            try RecordTable.insert(record.trainingRecord, timestamp: stored, staged: true, db)
            counts.byDiscipline[record.discipline, default: 0] += 1
        }
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
            let before = widths[..<index].reduce(0, +)
            let after = widths[(index + 1)...].reduce(0, +)
            let fields = Array(repeating: "NULL", count: before) + table.fields + Array(repeating: "NULL", count: after)
            return "SELECT \(index), timestamp, id, \(labels), \(fields.joined(separator: ", ")) FROM \(table.name)"
        }
        var read = 0
        var last: MillisecondTimestamp?
        do {
            let statement = try db.makeStatement(sql: selects.joined(separator: " UNION ALL ") + " ORDER BY 2, 1, 3")
            let rows = try Row.fetchCursor(statement)
            var labelReader = RecordLabelReader(firstColumn: 3)
            let firstField = 3 + RecordLabels.columns.count
            while let row = try rows.next() {
                let timestamp = try RecordTable.timestamp(statement, column: 1, db)
                let index = row[0] as Int
                let record = try Self.record(
                    TrainingKinds.all[index], statement, timestamp: timestamp.date,
                    labels: try labelReader.read(statement),
                    firstColumn: firstField + widths[..<index].reduce(0, +))
                read += 1
                last = timestamp
                try each(TransferRecord(record))
            }
        } catch let error as DatabaseError {
            throw DataStoreError.fetchFailed(readFailure(error, read: read, last: last, db))
        }
    }

    /// One line for a read that failed (a damaged file): how far the export got, SQLite's own
    /// words without the statement (a `UNION ALL` over every table, 2,900 characters), and which
    /// tables cannot be read through.
    private static func readFailure(_ error: DatabaseError, read: Int, last: MillisecondTimestamp?, _ db: Database)
        -> String
    {
        let reached = last.map { "after \(read) records (the last from \($0.iso8601))" } ?? "before its first record"
        let damaged = RecordTable.all.map(\.name).filter { table in
            do {
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(table)")
                while try rows.next() != nil {}
                return false
            } catch {
                return true
            }
        }
        let tables = damaged.isEmpty ? "" : "; unreadable: table \(damaged.joined(separator: ", table "))"
        return "the export's read of the records stopped \(reached): \(error.message ?? "SQLite error") "
            + "(SQLite error \(error.extendedResultCode.rawValue))\(tables); `peach recover` saves what can still be read"
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
        TrainingRecord(
            try RecordTable.record(
                Kind.Record.self, statement, timestamp: timestamp, labels: labels, firstColumn: firstColumn))
    }
}
