import Foundation
import GRDB
import PeachServices

/// What makes an import in bounded transactions all-or-nothing.
///
/// An import writes its records in chunks, each a short transaction of its own, so that answers
/// arriving meanwhile are stored between two chunks instead of waiting for the whole file. Each
/// chunk notes, in the same transaction, the id range it inserted (no other write can interleave
/// inside a transaction, so the range holds only imported rows). The import then commits by marking
/// its journal entry `committed` in one more short transaction; a replace only afterwards deletes
/// the rows stored before the import began (ids up to its watermarks), again in chunks.
///
/// Opening the database finishes whatever a crash interrupted: an import not yet committed is rolled
/// back (its ranges deleted), a committed replace is rolled forward (the old rows deleted), so no
/// partial import is ever visible after a restart.
enum ImportJournal {
    enum State: String {
        case writing, committed
    }

    static func createTables(_ db: Database) throws {
        try db.create(table: "importJournal") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("mode", .text).notNull()
            t.column("state", .text).notNull()
            // The largest ids stored before the import began: what a replace deletes.
            t.column("comparisonWatermark", .integer).notNull()
            t.column("pitchMatchingWatermark", .integer).notNull()
        }
        try db.create(table: "importChunk") { t in
            t.column("importId", .integer).notNull().references("importJournal", onDelete: .cascade)
            t.column("tableName", .text).notNull()
            t.column("firstId", .integer).notNull()
            t.column("lastId", .integer).notNull()
        }
    }

    /// Every record table; each has a `<table>Watermark` column in `importJournal` (the rhythm
    /// tables' came with them, in v9-rhythm).
    static let tables = RecordTable.all.map(\.name)
    private static let watermarks = tables.map { "\($0)Watermark" }

    /// Starts an import; returns its id.
    static func begin(_ db: Database, mode: ImportMode) throws -> Int64 {
        var values: [(any DatabaseValueConvertible)?] = [mode.rawValue, State.writing.rawValue]
        for table in tables { values.append(try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM \(table)")!) }
        try db.execute(
            sql: "INSERT INTO importJournal (mode, state, \(watermarks.joined(separator: ", "))) VALUES (?, ?\(String(repeating: ", ?", count: tables.count)))",
            arguments: StatementArguments(values))
        return db.lastInsertedRowID
    }

    static func noteChunk(_ db: Database, importId: Int64, table: String, ids: ClosedRange<Int64>) throws {
        try db.execute(
            sql: "INSERT INTO importChunk (importId, tableName, firstId, lastId) VALUES (?, ?, ?, ?)",
            arguments: [importId, table, ids.lowerBound, ids.upperBound])
    }

    static func commit(_ db: Database, importId: Int64) throws {
        try db.execute(sql: "UPDATE importJournal SET state = ? WHERE id = ?", arguments: [State.committed.rawValue, importId])
    }

    /// Deletes every row the import inserted and forgets it.
    static func rollBack(_ db: Database, importId: Int64) throws {
        for table in tables {
            try db.execute(sql: """
                DELETE FROM \(table) WHERE id IN (
                    SELECT \(table).id FROM importChunk JOIN \(table) ON \(table).id BETWEEN firstId AND lastId
                    WHERE importId = ? AND tableName = ?)
                """, arguments: [importId, table])
        }
        try db.execute(sql: "DELETE FROM importChunk WHERE importId = ?", arguments: [importId])
        try db.execute(sql: "DELETE FROM importJournal WHERE id = ?", arguments: [importId])
    }

    /// For a committed replace: deletes up to `limit` of the rows stored before the import began.
    /// - Returns: how many it deleted (0: done).
    static func deleteReplaced(_ db: Database, importId: Int64, limit: Int) throws -> Int {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT \(watermarks.joined(separator: ", ")) FROM importJournal WHERE id = ? AND mode = ?",
            arguments: [importId, ImportMode.replace.rawValue])
        else { return 0 }
        var deleted = 0
        for (index, table) in tables.enumerated() where deleted < limit {
            let watermark = row[index] as Int64
            try db.execute(
                sql: "DELETE FROM \(table) WHERE id IN (SELECT id FROM \(table) WHERE id <= ? LIMIT ?)",
                arguments: [watermark, limit - deleted])
            deleted += db.changesCount
        }
        return deleted
    }

    static func finish(_ db: Database, importId: Int64) throws {
        try db.execute(sql: "DELETE FROM importChunk WHERE importId = ?", arguments: [importId])
        try db.execute(sql: "DELETE FROM importJournal WHERE id = ?", arguments: [importId])
    }

    /// At open, before anything reads: completes or undoes what a crash interrupted.
    static func recover(_ db: Database) throws {
        let interrupted = try Row.fetchAll(db, sql: "SELECT id, state FROM importJournal")
        for row in interrupted {
            let id = row[0] as Int64
            if row[1] as String == State.committed.rawValue {
                while try deleteReplaced(db, importId: id, limit: .max) > 0 {}
                try finish(db, importId: id)
            } else {
                try rollBack(db, importId: id)
            }
        }
    }
}
