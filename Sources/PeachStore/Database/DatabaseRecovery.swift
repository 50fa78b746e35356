import Foundation
import GRDB
import GRDBSQLite
import PeachCore

/// What SQLite can still read of a damaged database, saved into a new file (`peach recover`).
///
/// SQLite's own recovery (`sqlite3_recover`, the shell's `.recover`) is an extension that needs the
/// `sqlite_dbpage` table, and the system's SQLite that Peach links (Debian's 3.40) is built without
/// either. So each table is copied row by row in rowid order; where a read fails (a damaged page),
/// the first rowid that reads again is searched for — doubling steps, then halving — and the range
/// in between is reported lost. What this cannot find, `.recover` could: rows only reachable
/// through a damaged interior page's lost pointers, or left in free pages.
public enum DatabaseRecovery {
    public struct TableReport: Sendable, Equatable {
        public let table: String
        public var copied = 0
        /// Rowids that could not be read (how many rows they held is unknown).
        public var lost: [ClosedRange<Int64>] = []
        /// Rows read but refused by the new file (a constraint a damaged row breaks).
        public var refused = 0
        /// The table's rows could not be read at all (a table without rowids that failed part way).
        public var unreadable: String?
    }

    public struct Report: Sendable, Equatable {
        public var tables: [TableReport] = []
        /// Indexes, triggers and views the new file could not be given, with why.
        public var schemaProblems: [String] = []
        public var lostAnything: Bool {
            !schemaProblems.isEmpty || tables.contains { !$0.lost.isEmpty || $0.refused > 0 || $0.unreadable != nil }
        }
    }

    /// The SQLite in use, for saying what recovery it allows.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// Copies what `source` still holds into a new database at `target` (which must not exist);
    /// the file appears whole at `target` or not at all.
    public static func recover(from source: String, to target: String) throws(DataStoreError) -> Report {
        guard FileManager.default.fileExists(atPath: source) else {
            throw .openFailed(path: source, reason: "there is no such file")
        }
        guard !FileManager.default.fileExists(atPath: target) else {
            throw .openFailed(path: target, reason: "it exists already: recover into a new file")
        }
        let partial = target + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            var readOnly = Configuration()
            readOnly.readonly = true
            let damaged = try DatabaseQueue(path: source, configuration: readOnly)
            let schema: [Row]
            do {
                schema = try damaged.read { db in
                    try Row.fetchAll(
                        db, sql: "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")
                }
            } catch {
                throw DataStoreError.openFailed(
                    path: source,
                    reason: "its list of tables cannot be read (\(oneLine(error))): nothing can be recovered")
            }
            let saved = try DatabaseQueue(path: partial)
            var report = Report()
            try damaged.inDatabase { from in
                try saved.writeWithoutTransaction { to in
                    try to.inTransaction {
                        let entries = schema.map {
                            (type: $0["type"] as String, name: $0["name"] as String, sql: $0["sql"] as String)
                        }
                        .filter { !$0.name.hasPrefix("sqlite_") }
                        for entry in entries where entry.type == "table" {
                            try to.execute(sql: entry.sql)
                            report.tables.append(copy(entry.name, from, to))
                        }
                        // Indexes after the rows: each is built once, from what was saved.
                        for entry in entries where entry.type != "table" {
                            do {
                                try to.inSavepoint {
                                    try to.execute(sql: entry.sql)
                                    return .commit
                                }
                            } catch {
                                report.schemaProblems.append("\(entry.type) \(entry.name) not made: \(oneLine(error))")
                            }
                        }
                        return .commit
                    }
                }
            }
            try saved.close()
            guard rename(partial, target) == 0 else {
                throw DataStoreError.saveFailed(
                    "cannot move the recovered file to \(target): \(String(cString: strerror(errno)))")
            }
            return report
        } catch let error as DataStoreError {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw .saveFailed("the recovery stopped: \(oneLine(error))")
        }
    }

    /// SQLite's words without the statement GRDB appends.
    static func oneLine(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return String(describing: error) }
        return "\(error.message ?? "SQLite error") (SQLite error \(error.extendedResultCode.rawValue))"
    }

    private static func copy(_ table: String, _ from: Database, _ to: Database) -> TableReport {
        var report = TableReport(table: table)
        let columns: [String]
        do {
            columns = try Row.fetchAll(from, sql: "PRAGMA table_info(\(table.quotedDatabaseIdentifier))").map {
                $0["name"]
            }
        } catch {
            report.unreadable = "its columns cannot be read: \(oneLine(error))"
            return report
        }
        let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let insert: Statement
        do {
            insert = try to.makeStatement(
                sql:
                    "INSERT INTO \(table.quotedDatabaseIdentifier) (\(list)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
            )
        } catch {
            report.unreadable = "the new file refused its layout: \(oneLine(error))"
            return report
        }
        let store = { (row: Row, offset: Int) in
            do {
                try insert.execute(
                    arguments: StatementArguments(
                        (offset..<row.count).map { (row[$0] as DatabaseValue) as (any DatabaseValueConvertible)? }))
                report.copied += 1
            } catch {
                report.refused += 1
            }
        }
        let hasRowIDs =
            (try? from.makeStatement(sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier) LIMIT 0")) != nil
        guard hasRowIDs else {
            do {
                let rows = try Row.fetchCursor(from, sql: "SELECT \(list) FROM \(table.quotedDatabaseIdentifier)")
                while let row = try rows.next() { store(row, 0) }
            } catch {
                report.unreadable = "read as far as it could (no rowids to skip the damage by): \(oneLine(error))"
            }
            return report
        }
        let select = "SELECT rowid, \(list) FROM \(table.quotedDatabaseIdentifier) WHERE rowid >= ? ORDER BY rowid"
        var next = Int64.min
        while true {
            do {
                let rows = try Row.fetchCursor(from, sql: select, arguments: [next])
                while let row = try rows.next() {
                    let rowID: Int64 = row[0]
                    store(row, 1)
                    guard rowID < .max else { return report }
                    next = rowID + 1
                }
                return report
            } catch {
                guard let resume = firstReadable(from: next, select, from) else {
                    report.lost.append(next...Int64.max)
                    return report
                }
                report.lost.append(next...(resume - 1))
                next = resume
            }
        }
    }

    /// The smallest start after `failing` from which the table's next row reads: doubling steps
    /// until one reads, then halving back to the first that does. nil when none does.
    private static func firstReadable(from failing: Int64, _ select: String, _ db: Database) -> Int64? {
        // No row at all reads too: the table ends there.
        let reads = { (start: Int64) -> Bool in
            do {
                _ = try Row.fetchOne(db, sql: select + " LIMIT 1", arguments: [start])
                return true
            } catch {
                return false
            }
        }
        var bad = failing
        var step: Int64 = 1
        var good: Int64
        while true {
            let (candidate, overflow) = failing.addingReportingOverflow(step)
            if overflow { return nil }
            if reads(candidate) {
                good = candidate
                break
            }
            bad = candidate
            guard step < Int64.max / 2 else { return nil }
            step *= 2
        }
        while good - bad > 1 {
            let middle = bad + (good - bad) / 2
            if reads(middle) { good = middle } else { bad = middle }
        }
        return good
    }
}

extension DatabaseRecovery.Report: CustomStringConvertible {
    /// Lines for a person: what was saved, what was lost, and how.
    public var description: String {
        var lines = tables.map { table in
            var line = "\(table.table): \(table.copied) rows saved"
            if !table.lost.isEmpty {
                let ranges = table.lost.map {
                    $0.upperBound == .max
                        ? "from rowid \($0.lowerBound) on" : "rowids \($0.lowerBound)–\($0.upperBound)"
                }
                line += "; lost: \(ranges.joined(separator: ", ")) (unreadable)"
            }
            if table.refused > 0 { line += "; \(table.refused) damaged rows refused by the new file" }
            if let unreadable = table.unreadable { line += "; \(unreadable)" }
            return line
        }
        lines += schemaProblems
        return lines.joined(separator: "\n")
    }
}
