import Foundation
import PeachCore
import PeachServices
import PostgresNIO

/// One user's records to and from CSV files on PostgreSQL: the same file (`ExportFile`) and the
/// same merge rule as the SQLite file's (`TransferRecord` equality). An import is one transaction,
/// written as the file arrives: all or nothing, invisible until it commits, rolled back by
/// PostgreSQL itself when the importer's connection goes; other users' answers go on meanwhile
/// (PostgreSQL's rows, not a file lock).
public struct PostgresTrainingDataTransfer: TrainingDataTransferring {
    let store: PostgresTrainingDataStore

    public init(store: PostgresTrainingDataStore) { self.store = store }

    /// The first key of the advisory lock that lets one import of a user's records run at a time,
    /// on any instance (the second key is the user).
    static let importLockKey: Int32 = 0x5045_494D

    /// What made an import's transaction fail, as the import reports it. A function of its own, with
    /// each case spelled out: Swift 6.3's optimizer crashed on the same rule written as one closure
    /// of chained `??` in a release build.
    private static func importFailure(_ thrown: any Error) -> ImportFailure {
        let error = (thrown as? PostgresTransactionError)?.closureError ?? thrown
        if let failure = error as? ImportFailure { return failure }
        if let failure = error as? DataStoreError { return .store(failure) }
        return .store(.saveFailed(PostgresPeachDatabase.describe(error)))
    }

    public func exportCSV(to path: String) async throws(DataStoreError) -> Int {
        let records = try await stored()
        return try ExportFile.write(to: path) { each in for record in records { try each(record) } }
    }

    public func importRecords(
        from source: TrainingDataSource, mode: ImportMode, progress: @escaping @Sendable (Double) -> Void
    ) async throws(ImportFailure) -> ImportSummary {
        let user = store.user
        let logger = store.database.logger
        let counts = try await store.database.transaction(
            deadline: PostgresPeachDatabase.bulkDeadline, failing: Self.importFailure
        ) { connection in
            let locked = try await connection.query(
                "SELECT pg_try_advisory_xact_lock(\(Self.importLockKey), \(Int32(truncatingIfNeeded: user.rawValue)))",
                logger: logger
            ).decode(Bool.self)
            for try await granted in locked where !granted { throw ImportFailure.busy }
            // Before the file is read: a statement deletes the rows committed when it starts, so an
            // answer stored while the file arrives is not among them. (Repeatable read would give
            // the same, but fail the revision's update at the end after any answer meanwhile.)
            // Open trials stay: a phone's reserve is answered after the import (`OpenTrialStore`).
            if mode == .replace {
                for table in PostgresRecordTable.all.map(\.name) + ["answer_key"] {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE user_id = \(user.rawValue)"),
                        logger: logger)
                }
            }
            var counts = Counts()
            while let batch = try await source.nextBatch() {
                // A merge skips what is stored, and what this file already brought (in the batches
                // before, stored by now, and in this one).
                var seen = mode == .merge ? try await self.stored(near: batch, connection) : []
                var byKind: [Discipline.Kind: [TrainingRecord]] = [:]
                for record in batch {
                    if mode == .merge, !seen.insert(record).inserted {
                        counts.duplicates += 1
                        continue
                    }
                    byKind[record.discipline.kind, default: []].append(record.trainingRecord)
                    counts.byDiscipline[record.discipline, default: 0] += 1
                }
                for kind in TrainingKinds.all {
                    guard let kept = byKind[kind.id] else { continue }
                    try await PostgresRecordTable.insert(kept, of: kind, user: user, connection, logger: logger)
                }
                progress(source.fractionRead)
            }
            try await store.advanceRevision(connection, logger: logger)
            return counts
        }
        progress(1)
        return ImportSummary(
            format: source.format, mode: mode, duplicatesSkipped: counts.duplicates, skipped: source.skipped,
            byDiscipline: counts.byDiscipline)
    }

    private struct Counts: Sendable {
        var duplicates = 0
        var byDiscipline: [Discipline: Int] = [:]
    }

    /// The user's records, oldest first: by millisecond, then kind (in the registry's order, as the
    /// SQLite export has it), then as each kind was stored.
    private func stored() async throws(DataStoreError) -> [TransferRecord] {
        var all: [(record: TransferRecord, kind: Int, position: Int)] = []
        for (index, kind) in TrainingKinds.all.enumerated() {
            let records = try await replay(kind)
            all += records.enumerated().map { (TransferRecord($0.element), index, $0.offset) }
        }
        all.sort { ($0.record.timestamp, $0.kind, $0.position) < ($1.record.timestamp, $1.kind, $1.position) }
        return all.map(\.record)
    }

    /// The user's records a merge compares `batch` with, as the import's transaction sees them:
    /// those within half a millisecond of one of the batch's (a `TransferRecord` is timed to its
    /// millisecond; a stored answer to the microsecond). Read per batch, so that the merge holds a
    /// batch's neighbours, never the whole history or the whole file.
    private func stored(near batch: [TransferRecord], _ connection: PostgresConnection) async throws -> Set<
        TransferRecord
    > {
        var records: Set<TransferRecord> = []
        let times = Dictionary(grouping: batch) { $0.discipline.kind }.mapValues {
            Array(Set($0.map(\.timestamp.date)))
        }
        for kind in TrainingKinds.all {
            guard let times = times[kind.id] else { continue }
            let table = PostgresRecordTable.layout(kind)
            var binds = PostgresBindings(capacity: 2)
            binds.append(store.user.rawValue)
            binds.append(times)
            let rows = try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT \(table.selection) FROM \(table.name) JOIN unnest($2::timestamptz[]) AS near(at)
                            ON "timestamp" BETWEEN near.at - interval '0.5 milliseconds' AND near.at + interval '0.5 milliseconds'
                        WHERE user_id = $1
                        """,
                    binds: binds),
                logger: store.database.logger)
            for try await row in rows { records.insert(TransferRecord(try PostgresRecordTable.record(kind, row))) }
        }
        return records
    }

    private func replay<Kind: TrainingKind>(_ kind: Kind.Type) async throws(DataStoreError) -> [TrainingRecord] {
        try await store.reduce(kind, into: [TrainingRecord]()) { $0.append(TrainingRecord($1)) }
    }
}
