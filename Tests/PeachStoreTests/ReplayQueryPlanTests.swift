import GRDB
import Testing

@testable import PeachCore
@testable import PeachStore

/// How SQLite reads a replay: a start with a snapshot must not walk the million rows it already has.
struct ReplayQueryPlanTests {
    func plan(_ sql: String, _ arguments: StatementArguments = [], in database: PeachDatabase) async throws -> [String]
    {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    @Test(arguments: TrainingKinds.all.map { $0.id })
    func rowsAfterAMarkAreFoundByTheirIdsNotByWalkingTheTimestampIndex(kind: Discipline.Kind) async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let table = RecordTable.layout(TrainingKinds.all.first { $0.id == kind }!)
        let steps = try await plan(SQLiteTrainingDataStore.replaySQL(table, afterMark: true), [0], in: database)
        #expect(steps.contains { $0.hasPrefix("SEARCH \(table.name) USING INTEGER PRIMARY KEY") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
    }

    @Test func everyRowIsReadInTheTimestampIndexsOrderWithoutASort() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let steps = try await plan(
            SQLiteTrainingDataStore.replaySQL(RecordTable.layout(ComparisonKind.self), afterMark: false), in: database)
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }
}
