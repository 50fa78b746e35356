import Foundation
import GRDB
import PeachCore

extension SQLiteTrainingDataStore: RecordReplaying {
    /// Every row of the kind's table, oldest first, through a cursor: a million records never sit in memory.
    public func replay<Result: Sendable>(
        _ kind: Discipline.Kind, into initial: Result,
        _ step: @escaping @Sendable (inout Result, TrainingRecord) -> Void
    ) async throws(DataStoreError) -> Result {
        let table = RecordTable(kind)
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
