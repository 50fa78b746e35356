import Foundation
import GRDB
import PeachCore

/// The TrainingDataStore on a PeachDatabase. Every write is a single transaction.
public struct SQLiteTrainingDataStore: TrainingDataStore {
    let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    public func save(_ record: TrainingRecord) async throws(DataStoreError) {
        switch record {
        case let .comparison(comparison): try await insert(ComparisonRecord(comparison))
        case let .matching(attempt): try await insert(PitchMatchingRecord(attempt))
        }
    }

    public func records(_ discipline: Discipline?, limit: Int) async throws(DataStoreError) -> [TrainingRecord] {
        let kinds = discipline.map { [$0.kind] } ?? [.comparison, .matching]
        var records: [TrainingRecord] = []
        for kind in kinds {
            switch kind {
            case .comparison:
                records += try await newest(ComparisonRecord.self, discipline, limit: limit).map { record throws(DataStoreError) in
                    .comparison(try record.completedComparison())
                }
            case .matching:
                records += try await newest(PitchMatchingRecord.self, discipline, limit: limit).map { record throws(DataStoreError) in
                    .matching(try record.completedPitchMatching())
                }
            }
        }
        // Each table's newest, merged; a stable sort keeps each table's own order among equal times.
        return Array(records.sorted { $0.timestamp > $1.timestamp }.prefix(limit))
    }

    /// Clears every training record in one transaction (the user's "Reset training data").
    public func deleteAll() async throws(DataStoreError) {
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
            try await database.writer.write { db in
                var record = record
                try record.insert(db)
            }
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    private func newest<Record: FetchableRecord & TableRecord & Sendable>(
        _ type: Record.Type, _ discipline: Discipline?, limit: Int
    ) async throws(DataStoreError) -> [Record] {
        do {
            return try await database.writer.read { db in
                var request = Record.order(Column("timestamp").desc, Column("id").desc)
                if let discipline { request = request.filter(Column("discipline") == discipline.rawValue) }
                return try request.limit(limit).fetchAll(db)
            }
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }
}
