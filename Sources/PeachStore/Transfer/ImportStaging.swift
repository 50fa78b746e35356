import GRDB

/// Where an import's records wait until the whole file is read: a TEMP table per record table, on
/// the writer's connection. No other connection sees a TEMP table, so readers never see part of an
/// import; and it lives only as long as the connection, so a killed importer leaves nothing
/// behind — there is nothing to undo at the next open. Writing to it takes no lock on the database
/// file, so answers are stored meanwhile without waiting. `publish` then moves the records into
/// the record tables in one transaction.
enum ImportStaging {
    /// Empty staging tables (a failed import's are dropped by `drop`; these start afresh regardless).
    static func create(_ db: Database) throws {
        for table in RecordTable.all {
            try db.execute(sql: "DROP TABLE IF EXISTS \(table.staging)")
            try db.execute(
                sql:
                    "CREATE TEMP TABLE \(table.staging.dropFirst("temp.".count)) AS SELECT \(table.columns) FROM main.\(table.name) WHERE 0"
            )
            // A merge's duplicate test within the file looks a record up by its millisecond.
            try db.execute(
                sql: "CREATE INDEX \(table.staging)_timestamp ON \(table.staging.dropFirst("temp.".count)) (timestamp)")
        }
    }

    /// The largest id of each record table: a replace takes away the rows up to it, the rows that
    /// were stored when the import began. Ids only grow (AUTOINCREMENT), so an answer stored
    /// afterwards is above it.
    static func watermarks(_ db: Database) throws -> [String: Int64] {
        var watermarks: [String: Int64] = [:]
        for table in RecordTable.all {
            watermarks[table.name] = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM main.\(table.name)")!
        }
        return watermarks
    }

    /// In one transaction (the caller's): the staged records into the record tables, in the file's
    /// order, and for a replace the rows up to `replacing`'s watermarks out.
    static func publish(_ db: Database, replacing watermarks: [String: Int64]?) throws {
        for table in RecordTable.all {
            if let watermark = watermarks?[table.name] {
                try db.execute(sql: "DELETE FROM main.\(table.name) WHERE id <= ?", arguments: [watermark])
            }
            try db.execute(
                sql:
                    "INSERT INTO main.\(table.name) (\(table.columns)) SELECT \(table.columns) FROM \(table.staging) ORDER BY rowid"
            )
        }
        try drop(db)
    }

    static func drop(_ db: Database) throws {
        for table in RecordTable.all { try db.execute(sql: "DROP TABLE IF EXISTS \(table.staging)") }
    }
}
