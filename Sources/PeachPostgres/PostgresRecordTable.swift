import Foundation
import PeachCore
import PostgresNIO

/// Each kind's record table in PostgreSQL, laid out from its declaration as the SQLite store lays
/// out its own: the record's fields (`KindRecord.Field`, in snake_case: `note2CentOffset` is
/// `note2_cent_offset`), the timestamp and the labels, each row an account's (`user_id`).
enum PostgresRecordTable {
    struct Layout: Sendable {
        let name: String
        /// The user, fields, timestamp, labels: the columns an insert binds.
        let insertColumns: String
        /// Fields, timestamp, labels: the order `record` reads.
        let selection: String
        /// How many columns `selection` names.
        let width: Int
    }

    private static let layouts: [Discipline.Kind: Layout] = Dictionary(
        uniqueKeysWithValues: TrainingKinds.all.map { ($0.id, makeLayout($0)) })

    private static func makeLayout<Kind: TrainingKind>(_ kind: Kind.Type) -> Layout {
        let columns =
            Kind.Record.fieldNames.map { "\"\(snakeCase($0))\"" } + [
                "\"timestamp\"", "discipline", "\"interval\"", "direction", "tuning_system",
            ]
        return Layout(
            name: snakeCase(Kind.table), insertColumns: (["user_id"] + columns).joined(separator: ", "),
            selection: columns.joined(separator: ", "), width: columns.count)
    }

    static func layout(_ kind: any TrainingKind.Type) -> Layout { layouts[kind.id]! }

    /// Every kind's table, in the registry's order.
    static var all: [Layout] { TrainingKinds.all.map { layout($0) } }

    /// `tempoBPM` → `tempo_bpm`, `offsetSDMs` → `offset_sd_ms`: a word starts at a capital that
    /// follows a small letter or a digit, or that begins a capitalised word after capitals.
    static func snakeCase(_ name: String) -> String {
        let characters = Array(name)
        var words = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    words.append("_")
                }
            }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }

    /// Inserts `record` as `user`'s; returns its id.
    static func insert(_ record: TrainingRecord, of user: UserID, _ connection: PostgresConnection, logger: Logger)
        async throws -> Int64
    {
        let table = layout(record.kind)
        var binds = PostgresBindings(capacity: table.width + 1)
        try bind(record, of: user, into: &binds)
        let query = PostgresQuery(
            unsafeSQL:
                "INSERT INTO \(table.name) (\(table.insertColumns)) VALUES \(placeholders(rows: 1, width: table.width + 1)) RETURNING id",
            binds: binds)
        for try await id in try await connection.query(query, logger: logger).decode(Int64.self) { return id }
        throw DataStoreError.saveFailed("the insert returned no id")
    }

    /// Inserts `records` (all of `kind`) as `user`'s, many rows to a statement: an import would
    /// otherwise wait for a round trip per record (measured: 110,000 records in 27 s).
    static func insert(
        _ records: some Collection<TrainingRecord>, of kind: any TrainingKind.Type, user: UserID,
        _ connection: PostgresConnection,
        logger: Logger
    ) async throws {
        let table = layout(kind)
        // PostgreSQL takes at most 65,535 parameters a statement.
        let rowsPerStatement = 65_535 / (table.width + 1)
        var pending = records[...]
        while !pending.isEmpty {
            let rows = pending.prefix(rowsPerStatement)
            pending = pending.dropFirst(rows.count)
            var binds = PostgresBindings(capacity: rows.count * (table.width + 1))
            for record in rows { try bind(record, of: user, into: &binds) }
            try await connection.query(
                PostgresQuery(
                    unsafeSQL:
                        "INSERT INTO \(table.name) (\(table.insertColumns)) VALUES \(placeholders(rows: rows.count, width: table.width + 1))",
                    binds: binds),
                logger: logger)
        }
    }

    /// `($1, $2, …), ($n, …)`: `rows` rows of `width` columns.
    private static func placeholders(rows: Int, width: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    /// The user, then the record's values in `selection`'s order.
    private static func bind(_ record: TrainingRecord, of user: UserID, into binds: inout PostgresBindings) throws {
        binds.append(user.rawValue)
        for value in try RecordRow.values(of: record.value) {
            switch value {
            case .integer(let number): binds.append(number)
            case .real(let number): binds.append(number)
            case .bool(let truth): binds.append(truth)
            case .text(let text): binds.append(text)
            case .null: binds.appendNull()
            }
        }
        binds.append(record.timestamp)
        for label in record.labels.texts { binds.append(label) }
    }

    /// One row selected with `selection`.
    static func record(_ kind: any TrainingKind.Type, _ row: PostgresRow) throws -> TrainingRecord {
        TrainingRecord(try record(of: kind, row))
    }

    static func record<Kind: TrainingKind>(of kind: Kind.Type, _ row: PostgresRow) throws -> Kind.Record {
        let row = PostgresRandomAccessRow(row)
        let fields = Kind.Record.Field.allCases.count
        let labels = try RecordLabels(
            discipline: row[fields + 1].decode(String.self), interval: row[fields + 2].decode(String.self),
            direction: row[fields + 3].decode(String.self), tuningSystem: row[fields + 4].decode(String.self))
        do {
            return try RecordRow.record(
                Kind.Record.self, timestamp: milliseconds(try row[fields].decode(Date.self)), labels: labels,
                from: PostgresColumns(row: row))
        } catch let error as DecodingError {
            throw DataStoreError.fetchFailed("a stored \(Kind.table) record cannot be read: \(error)")
        }
    }

    /// Whole milliseconds, as the SQLite store and the CSV files keep them (timestamptz holds microseconds).
    private static func milliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}

/// A PostgreSQL row's cells, by position.
private struct PostgresColumns: ColumnSource {
    let row: PostgresRandomAccessRow

    func isNull(_ column: Int) -> Bool { row[column].bytes == nil }
    func integer(_ column: Int) throws -> Int64 { try row[column].decode(Int64.self) }
    func real(_ column: Int) throws -> Double { try row[column].decode(Double.self) }
    func bool(_ column: Int) throws -> Bool { try row[column].decode(Bool.self) }
    func text(_ column: Int) throws -> String { try row[column].decode(String.self) }
}
