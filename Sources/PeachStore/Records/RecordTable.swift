import Foundation
import GRDB
import GRDBSQLite
import PeachCore
import PeachServices

/// Each kind's record table in SQLite, laid out from its declaration: the record's fields
/// (`KindRecord.Field`, one column each, named as the fields are), the timestamp and the labels.
/// The one place that knows how a record becomes a row and back, for saving, listing, replaying
/// and importing alike; the tables themselves are created by `PeachDatabase`'s migrations.
enum RecordTable {
    struct Layout: Sendable {
        let name: String
        let fields: [String]
        let insertSQL: String
        /// Whether a row with the same timestamp, fields and labels is stored: a merge import's
        /// duplicate test (`IS`, so that an absent figure matches an absent one).
        let existsSQL: String
        /// Fields, timestamp, labels: the order `read` takes them in.
        let selection: String
        /// Fields, timestamp, labels: every column but the id.
        let columns: String
        /// The temporary table an import writes to before it publishes (`ImportStaging`), and
        /// the same two statements on it.
        let staging: String
        let stagedInsertSQL: String
        let stagedExistsSQL: String
    }

    /// Built once per table; the statement is cached per connection, so an answer costs one bind and step.
    private static let layouts: [Discipline.Kind: Layout] = Dictionary(
        uniqueKeysWithValues: TrainingKinds.all.map { ($0.id, makeLayout($0)) })

    private static func makeLayout<Kind: TrainingKind>(_ kind: Kind.Type) -> Layout {
        let fields = Kind.Record.fieldNames
        let columns = fields + ["timestamp"] + RecordLabels.columns
        func insert(into table: String) -> String {
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        }
        func exists(in table: String) -> String {
            // `=` for the timestamp and labels, never null, so that the timestamp's index serves it.
            "SELECT EXISTS (SELECT 1 FROM \(table) WHERE "
                + (fields.map { "\($0) IS ?" } + (["timestamp"] + RecordLabels.columns).map { "\($0) = ?" }).joined(
                    separator: " AND ") + ")"
        }
        let staging = "temp.import_\(Kind.table)"
        return Layout(
            name: Kind.table, fields: fields, insertSQL: insert(into: "main.\(Kind.table)"),
            existsSQL: exists(in: "main.\(Kind.table)"),
            selection: (fields + ["timestamp"] + RecordLabels.columns).joined(separator: ", "),
            columns: columns.joined(separator: ", "),
            staging: staging, stagedInsertSQL: insert(into: staging), stagedExistsSQL: exists(in: staging))
    }

    static func layout(_ kind: any TrainingKind.Type) -> Layout { layouts[kind.id]! }

    /// Every kind's table, in the registry's order.
    static var all: [Layout] { TrainingKinds.all.map { layout($0) } }

    /// - Parameter timestamp: as the caller stores it (an answer its `Date`, an import its millisecond's text).
    /// - Parameter staged: into the import's staging table instead (`ImportStaging`).
    static func insert<Record: KindRecord>(
        _ record: Record, timestamp: some DatabaseValueConvertible, staged: Bool = false, _ db: Database
    ) throws {
        let table = layout(Record.Kind.self)
        try db.cachedStatement(sql: staged ? table.stagedInsertSQL : table.insertSQL).execute(
            arguments: arguments(record, timestamp: timestamp))
    }

    static func insert(
        _ record: TrainingRecord, timestamp: some DatabaseValueConvertible, staged: Bool = false, _ db: Database
    ) throws {
        try insert(record.value, timestamp: timestamp, staged: staged, db)
    }

    /// Whether the same record (same millisecond, fields and labels) is stored, or, `staged`, staged.
    static func contains(
        _ record: TrainingRecord, timestamp: some DatabaseValueConvertible, staged: Bool = false, _ db: Database
    ) throws -> Bool {
        try contains(record.value, timestamp: timestamp, staged: staged, db)
    }

    private static func contains<Record: KindRecord>(
        _ record: Record, timestamp: some DatabaseValueConvertible, staged: Bool, _ db: Database
    ) throws -> Bool {
        let table = layout(Record.Kind.self)
        return try Bool.fetchOne(
            db.cachedStatement(sql: staged ? table.stagedExistsSQL : table.existsSQL),
            arguments: arguments(record, timestamp: timestamp)) ?? false
    }

    private static func arguments<Record: KindRecord>(_ record: Record, timestamp: some DatabaseValueConvertible) throws
        -> StatementArguments
    {
        StatementArguments(
            try RecordRow.values(of: record).map(\.databaseValue) + [timestamp.databaseValue]
                + record.labels.texts.map(\.databaseValue))
    }

    /// Every row `statement` (selecting `selection`) steps to, read as records.
    static func read<Record: KindRecord>(
        _ type: Record.Type, _ statement: Statement, arguments: StatementArguments = [], in db: Database,
        _ each: (Record) throws -> Void
    ) throws {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        let fields = Record.Field.allCases.count
        var labels = RecordLabelReader(firstColumn: fields + 1)
        let reader = RecordRow.Reader(Record.self, from: SQLiteColumns(statement: statement.sqliteStatement))
        while try rows.next() != nil {
            let timestamp = try timestamp(statement, column: Int32(fields), db).date
            let labels = try labels.read(statement)
            try each(try readable(Record.self) { try reader.record(timestamp: timestamp, labels: labels) })
        }
    }

    /// The time in `column` of the row `statement` is on, as Peach stores it (`2024-03-03
    /// 18:00:07.200`, UTC) read from its bytes in place: SQLite's julianday() on every row was a
    /// fifth of replaying a million records. Any other form a row written elsewhere may hold is read
    /// by julianday(), as before; one it cannot read is an error, not 1970.
    static func timestamp(_ statement: Statement, column: Int32, _ db: Database) throws -> MillisecondTimestamp {
        let sqlite = statement.sqliteStatement
        if sqlite3_column_type(sqlite, column) == SQLITE_TEXT, let bytes = sqlite3_column_text(sqlite, column),
            let stored = MillisecondTimestamp(
                storageText: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(sqlite, column))))
        {
            return stored
        }
        let value = DatabaseValue(sqliteStatement: sqlite, index: column)
        // Cached: a table written elsewhere may hold every row in another form.
        guard
            let seconds = try Double.fetchOne(
                db.cachedStatement(sql: "SELECT (julianday(?) - 2440587.5) * 86400.0"), arguments: [value])
        else {
            throw DataStoreError.fetchFailed("a stored record has an unreadable timestamp: \(value)")
        }
        return MillisecondTimestamp(Date(timeIntervalSince1970: seconds))
    }

    /// The record whose fields start at `firstColumn` of the row `statement` is on.
    static func record<Record: KindRecord>(
        _ type: Record.Type, _ statement: Statement, timestamp: Date, labels: RecordLabels, firstColumn: Int
    ) throws -> Record {
        try readable(Record.self) {
            try RecordRow.record(
                Record.self, timestamp: timestamp, labels: labels,
                from: SQLiteColumns(statement: statement.sqliteStatement), at: firstColumn)
        }
    }

    private static func readable<Record: KindRecord>(_ type: Record.Type, _ read: () throws -> Record) throws -> Record
    {
        do {
            return try read()
        } catch let error as DecodingError {
            throw DataStoreError.fetchFailed("a stored \(Record.Kind.table) record cannot be read: \(error)")
        }
    }
}

extension ColumnValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .bool(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .null: .null
        }
    }
}

/// The row SQLite's statement is on, read in place (valid until the statement steps on).
struct SQLiteColumns: ColumnSource {
    let statement: SQLiteStatement

    func isNull(_ column: Int) -> Bool { sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL }

    func integer(_ column: Int) throws -> Int64 {
        try present(column)
        return sqlite3_column_int64(statement, Int32(column))
    }

    func real(_ column: Int) throws -> Double {
        try present(column)
        return sqlite3_column_double(statement, Int32(column))
    }

    func bool(_ column: Int) throws -> Bool { try integer(column) != 0 }

    func text(_ column: Int) throws -> String {
        try present(column)
        return String(cString: sqlite3_column_text(statement, Int32(column)))
    }

    private func present(_ column: Int) throws {
        guard !isNull(column) else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: [], debugDescription: "column \(column) is NULL"))
        }
    }
}
