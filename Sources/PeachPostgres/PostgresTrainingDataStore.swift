import Foundation
import PeachCore
import PostgresNIO

/// The store ports on PostgreSQL, with the SQLite store's semantics: each save is one transaction
/// holding the record, its idempotency key and the closing of its open trial; a second save under
/// a key already stored fails whole (the key's primary key refuses it). Everything it reads and
/// writes is one user's; each write moves an account's revision on (`KnownRevision`).
public struct PostgresTrainingDataStore: TrainingDataStore, OpenTrialStore {
    let database: PostgresPeachDatabase
    public let user: UserID
    let revision: KnownRevision?

    /// - Parameter revision: told of each write, when a cached view of the user depends on it.
    public init(database: PostgresPeachDatabase, user: UserID = .personal, revision: KnownRevision? = nil) {
        self.database = database
        self.user = user
        self.revision = revision
    }

    public func save(_ record: TrainingRecord, key: AnswerKey?, closing trialID: String?) async throws(DataStoreError) {
        let logger = database.logger
        try await database.transaction { connection in
            let id = try await PostgresRecordTable.insert(record, of: user, connection, logger: logger)
            if let key {
                let table = PostgresRecordTable.layout(record.kind).name
                try await connection.query(
                    "INSERT INTO answer_key (user_id, key, record_table, record_id) VALUES (\(user.rawValue), \(key.rawValue), \(table), \(id))",
                    logger: logger)
            }
            if let trialID {
                let closed = try await connection.query(
                    "DELETE FROM open_trial WHERE id = \(trialID) AND user_id = \(user.rawValue) RETURNING id",
                    logger: logger
                ).collect()
                guard closed.count == 1 else { throw DataStoreError.trialNotOpen(id: trialID) }
            }
            try await advanceRevision(connection, logger: logger)
        }
    }

    /// In the transaction of every write of an account's records or settings. The personal user's
    /// (`UserID.personal`) is never served by a class server, so no cached view of it needs the
    /// revision, and its answers skip the round trip.
    func advanceRevision(_ connection: PostgresConnection, logger: Logger) async throws {
        guard user != .personal else { return }
        let rows = try await connection.query(
            "UPDATE peach_user SET revision = revision + 1 WHERE id = \(user.rawValue) RETURNING revision",
            logger: logger
        ).decode(Int64.self)
        for try await written in rows { revision?.wrote(written) }
    }

    /// On one connection, within one deadline: a retry after a failed save asks this first.
    public func record(savedUnder key: AnswerKey) async throws(DataStoreError) -> TrainingRecord? {
        do {
            return try await database.withConnection { connection in
                for kind in TrainingKinds.all {
                    let table = PostgresRecordTable.layout(kind)
                    let rows = try await connection.query(
                        """
                        SELECT \(unescaped: table.selection) FROM \(unescaped: table.name)
                        WHERE id = (SELECT record_id FROM answer_key
                            WHERE user_id = \(user.rawValue) AND key = \(key.rawValue) AND record_table = \(table.name))
                        """, logger: database.logger)
                    for try await row in rows { return try PostgresRecordTable.record(kind, row) }
                }
                return nil
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(PostgresPeachDatabase.describe(error))
        }
    }

    public func records(_ discipline: Discipline?, limit: Int) async throws(DataStoreError) -> [TrainingRecord] {
        let kinds = discipline.map { [$0.trainingKind] } ?? TrainingKinds.all
        var records: [TrainingRecord] = []
        for kind in kinds {
            let table = PostgresRecordTable.layout(kind)
            let query: PostgresQuery =
                if let discipline {
                    """
                    SELECT \(unescaped: table.selection) FROM \(unescaped: table.name)
                    WHERE user_id = \(user.rawValue) AND discipline = \(discipline.rawValue)
                    ORDER BY "timestamp" DESC, id DESC LIMIT \(limit)
                    """
                } else {
                    """
                    SELECT \(unescaped: table.selection) FROM \(unescaped: table.name) WHERE user_id = \(user.rawValue)
                    ORDER BY "timestamp" DESC, id DESC LIMIT \(limit)
                    """
                }
            records += try await fetch(kind, query)
        }
        // Each table's newest, merged.
        return Array(records.sorted { $0.timestamp > $1.timestamp }.prefix(limit))
    }

    /// Clears every training record in one transaction (the user's "Reset training data"). Open
    /// trials stay: each is answered or expires (`OpenTrialStore`).
    public func deleteAll() async throws(DataStoreError) {
        let logger = database.logger
        try await database.transaction { connection in
            for table in PostgresRecordTable.all.map(\.name) + ["answer_key"] {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE user_id = \(user.rawValue)"), logger: logger)
            }
            try await advanceRevision(connection, logger: logger)
        }
    }

    public func open(_ trial: OpenTrial, keptFor: Duration) async throws(DataStoreError) {
        let encoded: String
        do {
            encoded = try trial.storedTrial()
        } catch {
            throw .saveFailed(String(describing: error))
        }
        let issuedAt = trial.issuedAt.timeIntervalSince1970
        let cutoff = issuedAt - keptFor.seconds
        let logger = database.logger
        try await database.transaction { connection in
            try await connection.query(
                "DELETE FROM open_trial WHERE user_id = \(user.rawValue) AND issued_at < \(cutoff)", logger: logger)
            // An id is drawn at random by the server: one already there is this user's own trial.
            try await connection.query(
                """
                INSERT INTO open_trial (id, user_id, issued_at, trial) VALUES (\(trial.id), \(user.rawValue), \(issuedAt), \(encoded))
                ON CONFLICT (id) DO UPDATE SET issued_at = excluded.issued_at, trial = excluded.trial
                WHERE open_trial.user_id = excluded.user_id
                """, logger: logger)
        }
    }

    /// A stored trial this version cannot read (written by a newer one) is not open for it.
    public func openTrial(id: String) async throws(DataStoreError) -> OpenTrial? {
        let row: (Double, String)?
        do {
            row = try await database.withConnection { connection in
                for try await row in try await connection.query(
                    "SELECT issued_at, trial FROM open_trial WHERE id = \(id) AND user_id = \(user.rawValue)",
                    logger: database.logger
                ).decode((Double, String).self) { return row }
                return nil
            }
        } catch {
            throw .fetchFailed(PostgresPeachDatabase.describe(error))
        }
        guard let row else { return nil }
        return OpenTrial(id: id, issuedAt: Date(timeIntervalSince1970: row.0), storedTrial: row.1)
    }

    public func recordCount() async throws(DataStoreError) -> Int {
        let tables = PostgresRecordTable.all.map {
            "SELECT count(*) AS n FROM \($0.name) WHERE user_id = \(user.rawValue)"
        }
        do {
            return try await database.withConnection { connection in
                let rows = try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "SELECT sum(n)::bigint FROM (\(tables.joined(separator: " UNION ALL "))) counts"),
                    logger: database.logger)
                for try await count in rows.decode(Int.self) { return count }
                return 0
            }
        } catch {
            throw .fetchFailed(PostgresPeachDatabase.describe(error))
        }
    }

    private func fetch(_ kind: any TrainingKind.Type, _ query: PostgresQuery) async throws(DataStoreError)
        -> [TrainingRecord]
    {
        do {
            return try await database.withConnection { connection in
                var records: [TrainingRecord] = []
                for try await row in try await connection.query(query, logger: database.logger) {
                    records.append(try PostgresRecordTable.record(kind, row))
                }
                return records
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(PostgresPeachDatabase.describe(error))
        }
    }
}

extension PostgresTrainingDataStore: TrainingHistory {
    /// Every row of the kind's table, oldest first, streamed: a million records never sit in memory.
    public func reduce<Kind: TrainingKind, Result: Sendable>(
        _ kind: Kind.Type, into initial: Result, _ update: @escaping @Sendable (inout Result, Kind.Record) -> Void
    ) async throws(DataStoreError) -> Result {
        let table = PostgresRecordTable.layout(kind)
        do {
            return try await database.withConnection(deadline: PostgresPeachDatabase.bulkDeadline) { connection in
                var result = initial
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: table.selection) FROM \(unescaped: table.name) WHERE user_id = \(user.rawValue)
                    ORDER BY "timestamp", id
                    """,
                    logger: database.logger)
                for try await row in rows { update(&result, try PostgresRecordTable.record(of: kind, row)) }
                return result
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(PostgresPeachDatabase.describe(error))
        }
    }
}
