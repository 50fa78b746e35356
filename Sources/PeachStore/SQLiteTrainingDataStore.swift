import Foundation
import GRDB
import PeachCore

/// The TrainingDataStore on a PeachDatabase. Every write is a single transaction.
public struct SQLiteTrainingDataStore: TrainingDataStore {
    private let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    public func save(_ comparison: CompletedComparison) async throws(DataStoreError) {
        do {
            try await database.writer.write { db in
                var record = ComparisonRecord(comparison)
                try record.insert(db)
            }
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    public func comparisons(limit: Int) async throws(DataStoreError) -> [CompletedComparison] {
        let records: [ComparisonRecord]
        do {
            records = try await database.writer.read { db in
                try ComparisonRecord.order(Column("timestamp").desc, Column("id").desc).limit(limit).fetchAll(db)
            }
        } catch {
            throw .fetchFailed(String(describing: error))
        }
        return try records.map { record throws(DataStoreError) in try record.completedComparison() }
    }
}
