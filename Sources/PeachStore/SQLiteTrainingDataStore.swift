import Foundation
import GRDB
import PeachCore

/// The TrainingDataStore on a PeachDatabase. Every write is a single transaction; answers saved
/// concurrently share one (group commit), each acknowledged only once that transaction is on disk.
public struct SQLiteTrainingDataStore: TrainingDataStore, OpenTrialStore {
    let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    public func save(_ record: TrainingRecord, key: AnswerKey?, closing trialID: String?) async throws(DataStoreError) {
        do {
            // Concurrent answers share one fsync'd transaction; this call returns once its own write is durable.
            try await database.groupCommit.write { db in
                try RecordTable.insert(record, timestamp: record.timestamp, db)
                if let key {
                    try db.cachedStatement(sql: "INSERT INTO answerKey (key, recordTable, recordID) VALUES (?, ?, ?)")
                        .execute(arguments: [key.rawValue, record.kind.table, db.lastInsertedRowID])
                }
                if let trialID {
                    try db.cachedStatement(sql: "DELETE FROM openTrial WHERE id = ?").execute(arguments: [trialID])
                    guard db.changesCount == 1 else { throw DataStoreError.trialNotOpen(id: trialID) }
                }
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    public func record(savedUnder key: AnswerKey) async throws(DataStoreError) -> TrainingRecord? {
        for kind in TrainingKinds.all {
            let table = RecordTable.layout(kind)
            let found = try await fetch(
                kind,
                sql: """
                    SELECT \(table.selection) FROM \(table.name)
                    WHERE id = (SELECT recordID FROM answerKey WHERE key = ? AND recordTable = ?)
                    """,
                arguments: [key.rawValue, table.name])
            if let record = found.first { return record }
        }
        return nil
    }

    public func records(_ discipline: Discipline?, limit: Int) async throws(DataStoreError) -> [TrainingRecord] {
        let kinds = discipline.map { [$0.trainingKind] } ?? TrainingKinds.all
        var records: [TrainingRecord] = []
        for kind in kinds {
            let table = RecordTable.layout(kind)
            let filter = discipline == nil ? "" : "WHERE discipline = ?"
            records += try await fetch(
                kind,
                sql: "SELECT \(table.selection) FROM \(table.name) \(filter) ORDER BY timestamp DESC, id DESC LIMIT ?",
                arguments: StatementArguments((discipline.map { [$0.rawValue] } ?? []) + [limit]))
        }
        // Each table's newest, merged.
        return Array(records.sorted { $0.timestamp > $1.timestamp }.prefix(limit))
    }

    /// Clears every training record in one transaction (the user's "Reset training data"). Open
    /// trials stay: each is answered or expires (`OpenTrialStore`).
    public func deleteAll() async throws(DataStoreError) {
        do {
            try await database.writer.write { db in
                for table in RecordTable.all { try db.execute(sql: "DELETE FROM \(table.name)") }
                try db.execute(sql: "DELETE FROM answerKey")
            }
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    public func open(_ trial: OpenTrial, keptFor: Duration) async throws(DataStoreError) {
        do {
            let encoded = try trial.storedTrial()
            // Shares the answers' group commit: issuing a trial costs no fsync of its own.
            try await database.groupCommit.write { db in
                try db.cachedStatement(sql: "DELETE FROM openTrial WHERE issuedAt < ?")
                    .execute(arguments: [trial.issuedAt.timeIntervalSince1970 - keptFor.seconds])
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO openTrial (id, issuedAt, trial) VALUES (?, ?, ?)")
                    .execute(arguments: [trial.id, trial.issuedAt.timeIntervalSince1970, encoded])
            }
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    /// A stored trial this version cannot read (written by a newer one) is not open for it.
    public func openTrial(id: String) async throws(DataStoreError) -> OpenTrial? {
        let row: Row?
        do {
            row = try await database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT issuedAt, trial FROM openTrial WHERE id = ?", arguments: [id])
            }
        } catch {
            throw .fetchFailed(String(describing: error))
        }
        guard let row else { return nil }
        return OpenTrial(id: id, issuedAt: Date(timeIntervalSince1970: row["issuedAt"]), storedTrial: row["trial"])
    }

    public func recordCount() async throws(DataStoreError) -> Int {
        do {
            return try await database.writer.read { db in
                try RecordTable.all.reduce(0) {
                    $0 + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \($1.name)") ?? 0)
                }
            }
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }

    private func fetch(_ kind: any TrainingKind.Type, sql: String, arguments: StatementArguments)
        async throws(DataStoreError) -> [TrainingRecord]
    {
        do {
            return try await database.writer.read { db in try Self.fetch(kind, sql: sql, arguments: arguments, db) }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }

    private static func fetch<Kind: TrainingKind>(
        _ kind: Kind.Type, sql: String, arguments: StatementArguments, _ db: Database
    ) throws -> [TrainingRecord] {
        var records: [TrainingRecord] = []
        try RecordTable.read(Kind.Record.self, db.makeStatement(sql: sql), arguments: arguments, in: db) {
            records.append(TrainingRecord($0))
        }
        return records
    }
}
