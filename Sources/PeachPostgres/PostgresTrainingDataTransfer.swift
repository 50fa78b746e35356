import Foundation
import PeachCore
import PeachServices
import PostgresNIO

/// One user's records to and from CSV files on PostgreSQL: the same file (`ExportFile`) and the
/// same merge rule as the SQLite file's (`TransferRecord` equality). An import is one transaction:
/// all or nothing, and other users' answers go on meanwhile (PostgreSQL's rows, not a file lock).
public struct PostgresTrainingDataTransfer: TrainingDataTransferring {
    let store: PostgresTrainingDataStore

    public init(store: PostgresTrainingDataStore) { self.store = store }

    public func exportCSV(to path: String) async throws(DataStoreError) -> Int {
        let records = try await stored()
        return try ExportFile.write(to: path) { each in for record in records { try each(record) } }
    }

    public func importRecords(
        _ parsed: ParsedTrainingData, mode: ImportMode, progress: @escaping @Sendable (Double) -> Void
    ) async throws(DataStoreError) -> ImportSummary {
        let before = mode == .merge ? Set(try await stored()) : []
        let user = store.user, logger = store.database.logger, records = parsed.records
        let counts = try await store.database.transaction { connection in
            if mode == .replace {
                for table in PostgresRecordTable.all.map(\.name) + ["answer_key", "open_trial"] {
                    try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE user_id = \(user.rawValue)"), logger: logger)
                }
            }
            var counts = Counts()
            var seen = before
            var byKind: [Discipline.Kind: [TrainingRecord]] = [:]
            for record in records {
                // A merge skips what is stored, and what this file already brought.
                if mode == .merge, !seen.insert(record).inserted {
                    counts.duplicates += 1
                    continue
                }
                byKind[record.discipline.kind, default: []].append(record.trainingRecord)
                counts.byDiscipline[record.discipline, default: 0] += 1
            }
            var written = 0
            for kind in TrainingKinds.all {
                guard let kept = byKind[kind.id] else { continue }
                try await PostgresRecordTable.insert(kept, of: kind, user: user, connection, logger: logger)
                written += kept.count
                progress(Double(written) / Double(max(records.count, 1)))
            }
            try await store.advanceRevision(connection, logger: logger)
            return counts
        }
        progress(1)
        return ImportSummary(
            format: parsed.format, mode: mode, duplicatesSkipped: counts.duplicates, skipped: parsed.skipped,
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

    private func replay<Kind: TrainingKind>(_ kind: Kind.Type) async throws(DataStoreError) -> [TrainingRecord] {
        try await store.reduce(kind, into: [TrainingRecord]()) { $0.append(TrainingRecord($1)) }
    }
}
