import Foundation
import GRDB
import PeachServices

/// The journal of the imports Peach wrote before `ImportStaging`: they wrote their records in
/// chunks, each a committed transaction noting the id range it inserted, and committed by marking
/// their entry `committed`; a replace then deleted the rows up to its watermarks. A database left
/// by such an import that crashed is finished at open: an import not yet committed is rolled back
/// (its ranges deleted), a committed replace rolled forward (the old rows deleted). Imports no
/// longer write to it; the tables stay, as shipped migrations made them.
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

    /// Deletes every row the import inserted and forgets it.
    static func rollBack(_ db: Database, importId: Int64) throws {
        for table in tables {
            try db.execute(
                sql: """
                    DELETE FROM \(table) WHERE id IN (
                        SELECT \(table).id FROM importChunk JOIN \(table) ON \(table).id BETWEEN firstId AND lastId
                        WHERE importId = ? AND tableName = ?)
                    """, arguments: [importId, table])
        }
        try db.execute(sql: "DELETE FROM importChunk WHERE importId = ?", arguments: [importId])
        try db.execute(sql: "DELETE FROM importJournal WHERE id = ?", arguments: [importId])
    }

    /// For a committed replace: deletes the rows stored before the import began.
    static func deleteReplaced(_ db: Database, importId: Int64) throws {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(watermarks.joined(separator: ", ")) FROM importJournal WHERE id = ? AND mode = ?",
                arguments: [importId, ImportMode.replace.rawValue])
        else { return }
        for (index, table) in tables.enumerated() {
            try db.execute(sql: "DELETE FROM \(table) WHERE id <= ?", arguments: [row[index] as Int64])
        }
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
                try deleteReplaced(db, importId: id)
                try finish(db, importId: id)
            } else {
                try rollBack(db, importId: id)
            }
        }
    }
}
