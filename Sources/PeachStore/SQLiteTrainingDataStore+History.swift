import Foundation
import GRDB
import PeachCore

extension SQLiteTrainingDataStore: TrainingHistory {
    public func reduceComparisons<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedComparison) -> Void
    ) async throws(DataStoreError) -> Result {
        try await reduce(.comparison, into: initial) { result, record in
            if case let .comparison(comparison) = record { update(&result, comparison) }
        }
    }

    public func reducePitchMatchings<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedPitchMatching) -> Void
    ) async throws(DataStoreError) -> Result {
        try await reduce(.matching, into: initial) { result, record in
            if case let .matching(attempt) = record { update(&result, attempt) }
        }
    }

    /// Every row of `table`, oldest first, through a cursor: a million records never sit in memory.
    private func reduce<Result: Sendable>(
        _ table: RecordTable, into initial: Result,
        _ step: @escaping @Sendable (inout Result, TrainingRecord) -> Void
    ) async throws(DataStoreError) -> Result {
        do {
            return try await database.writer.read { db in
                var result = initial
                let statement = try db.makeStatement(sql: "SELECT \(table.selection) FROM \(table.name) ORDER BY timestamp, id")
                let rows = try Row.fetchCursor(statement)
                var labels = RecordLabelReader(firstColumn: table.fields.count + 1)
                while let row = try rows.next() { step(&result, try table.record(row, labels: try labels.read(statement))) }
                return result
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }
}
