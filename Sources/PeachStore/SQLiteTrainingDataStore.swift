import Foundation
import GRDB
import PeachCore

/// The TrainingDataStore on a PeachDatabase. Every write is a single transaction; answers saved
/// concurrently share one (group commit), each acknowledged only once that transaction is on disk.
public struct SQLiteTrainingDataStore: TrainingDataStore {
    let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    public func save(_ comparison: CompletedComparison) async throws(DataStoreError) {
        try await insert(ComparisonRecord(comparison))
    }

    public func comparisons(limit: Int) async throws(DataStoreError) -> [CompletedComparison] {
        try await newest(ComparisonRecord.self, limit: limit).map { record throws(DataStoreError) in
            try record.completedComparison()
        }
    }

    public func save(_ pitchMatching: CompletedPitchMatching) async throws(DataStoreError) {
        try await insert(PitchMatchingRecord(pitchMatching))
    }

    public func pitchMatchings(limit: Int) async throws(DataStoreError) -> [CompletedPitchMatching] {
        try await newest(PitchMatchingRecord.self, limit: limit).map { record throws(DataStoreError) in
            try record.completedPitchMatching()
        }
    }

    /// Clears every training record in one transaction (the user's "Reset training data").
    public func deleteAllRecords() async throws(DataStoreError) {
        do {
            try await database.writer.write { db in
                _ = try ComparisonRecord.deleteAll(db)
                _ = try PitchMatchingRecord.deleteAll(db)
            }
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    private func insert(_ record: some MutablePersistableRecord & Sendable) async throws(DataStoreError) {
        do {
            try await database.groupCommit.write { db in
                var record = record
                try record.insert(db)
            }
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    private func newest<Record: FetchableRecord & TableRecord & Sendable>(
        _ type: Record.Type, limit: Int
    ) async throws(DataStoreError) -> [Record] {
        do {
            return try await database.writer.read { db in
                try Record.order(Column("timestamp").desc, Column("id").desc).limit(limit).fetchAll(db)
            }
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }
}
