import Foundation
import GRDB
import PeachCore

extension SQLiteTrainingDataStore: TrainingHistory, MarkedHistory {
    /// Every row of the kind's table, oldest first, through a cursor: a million records never sit in memory.
    public func reduce<Kind: TrainingKind, Result: Sendable>(
        _ kind: Kind.Type, into initial: Result, _ update: @escaping @Sendable (inout Result, Kind.Record) -> Void
    ) async throws(DataStoreError) -> Result {
        try await reading { db in try Self.replay(kind, in: db, afterID: nil, into: initial, update).result }
    }

    public func replay<Kind: TrainingKind, Result: Sendable>(
        _ kind: Kind.Type, after mark: HistoryMark?, into initial: Result,
        _ step: @escaping @Sendable (inout Result, Kind.Record) -> Void
    ) async throws(DataStoreError) -> (result: Result, mark: HistoryMark, replayed: Int)? {
        let table = RecordTable.layout(kind)
        return try await reading { db in
            // One read transaction: the mark and the rows replayed describe the same table. Every
            // query here follows the id or the timestamp index, so none reads the old rows.
            func row(_ sql: String, _ arguments: StatementArguments = []) throws -> HistoryMark.Row? {
                try Row.fetchOne(db, sql: "SELECT id, timestamp FROM \(table.name) \(sql)", arguments: arguments)
                    .map { HistoryMark.Row(id: $0[0], timestamp: $0[1]) }
            }
            let first = try row("ORDER BY id LIMIT 1")
            if let mark, let marked = mark.last {
                guard first == mark.first, try row("WHERE id = ?", [marked.id]) == marked else { return nil }
                // NOT INDEXED: the timestamp index would serve min() by reading every old row
                // before the first new one; the id range reads only the new rows.
                let oldestAdded = try String.fetchOne(
                    db, sql: "SELECT min(timestamp) FROM \(table.name) NOT INDEXED WHERE id > ?", arguments: [marked.id]
                )
                if let oldestAdded, let newest = mark.newestTimestamp, oldestAdded < newest { return nil }
            }
            let now = HistoryMark(
                first: first, last: try row("ORDER BY id DESC LIMIT 1"),
                newestTimestamp: try String.fetchOne(db, sql: "SELECT max(timestamp) FROM \(table.name)"))
            let (result, replayed) = try Self.replay(kind, in: db, afterID: mark?.last?.id, into: initial, step)
            return (result, now, replayed)
        }
    }

    /// The rows folded, and how many there were.
    private static func replay<Kind: TrainingKind, Result: Sendable>(
        _ kind: Kind.Type, in db: Database, afterID: Int64?, into initial: Result,
        _ step: @escaping @Sendable (inout Result, Kind.Record) -> Void
    ) throws -> (result: Result, rows: Int) {
        let table = RecordTable.layout(kind)
        let fold = PipelinedFold(initial, step)
        var rows = 0
        let statement = try db.makeStatement(sql: replaySQL(table, afterMark: afterID != nil))
        try RecordTable.read(Kind.Record.self, statement, arguments: afterID.map { [$0] } ?? [], in: db) {
            fold.add($0)
            rows += 1
        }
        return (fold.finish(), rows)
    }

    /// Every row oldest first, or those after a mark (one argument: the marked id). All rows: the
    /// timestamp index gives them in order. The rows after a mark: NOT INDEXED, or SQLite walks that
    /// index through every old row to find the few new ones (120 ms at 1M records, more than the
    /// rest of a start with a snapshot) where the id range reads only them, and sorts them.
    static func replaySQL(_ table: RecordTable.Layout, afterMark: Bool) -> String {
        "SELECT \(table.selection) FROM \(table.name)\(afterMark ? " NOT INDEXED WHERE id > ?" : "") ORDER BY timestamp, id"
    }

    private func reading<T: Sendable>(_ read: @escaping @Sendable (Database) throws -> T) async throws(DataStoreError)
        -> T
    {
        do {
            return try await database.writer.read(read)
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }
}
