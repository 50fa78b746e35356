import Foundation
import GRDB
import Testing

@testable import PeachCore
@testable import PeachStore

/// Replaying only what was added since a mark: right when the table only grew, refused otherwise.
struct MarkedHistoryTests {
    func comparison(_ offset: Double, at seconds: Double) -> CompletedComparison {
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset), isCorrect: offset > 0,
            timestamp: Date(timeIntervalSince1970: 1_772_409_600 + seconds))
    }

    func replay(_ store: SQLiteTrainingDataStore, after mark: HistoryMark?) async throws -> (
        result: [TrainingRecord], mark: HistoryMark
    )? {
        try await store.replay(ComparisonKind.self, after: mark, into: [TrainingRecord]()) {
            $0.append(TrainingRecord($1))
        }.map { ($0.result, $0.mark) }
    }

    @Test func afterAMarkOnlyTheNewRowsAreReplayedInTimeOrder() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        for seconds in [1.0, 2, 3] { try await store.save(comparison(seconds, at: seconds)) }
        let first = try #require(try await replay(store, after: nil))
        #expect(first.result.count == 3)
        #expect(first.mark.last?.id == 3)

        let newer = [comparison(-5, at: 10), comparison(4, at: 5), comparison(6, at: 10)]
        for record in newer { try await store.save(record) }
        let second = try #require(try await replay(store, after: first.mark))
        #expect(second.result == [.comparison(newer[1]), .comparison(newer[0]), .comparison(newer[2])])
        #expect(second.mark.last?.id == 6)
        // Nothing new: nothing replayed, the same mark.
        let third = try #require(try await replay(store, after: second.mark))
        #expect(third.result.isEmpty)
        #expect(third.mark == second.mark)
    }

    @Test func aRowAddedOlderThanTheMarkMakesTheMarkUnusable() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        for seconds in [10.0, 20] { try await store.save(comparison(seconds, at: seconds)) }
        let mark = try #require(try await replay(store, after: nil)).mark
        try await store.save(comparison(15, at: 15))
        #expect(try await replay(store, after: mark) == nil)
    }

    /// What removes rows: a reset or a replace (the oldest rows first), or the rollback of an
    /// unfinished import (the newest).
    @Test(arguments: [
        "DELETE FROM comparison WHERE id = 1", "DELETE FROM comparison WHERE id = 3", "DELETE FROM comparison",
    ])
    func removedRowsMakeTheMarkUnusable(removal: String) async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        for seconds in [1.0, 2, 3] { try await store.save(comparison(seconds, at: seconds)) }
        let mark = try #require(try await replay(store, after: nil)).mark
        try await database.writer.write { db in try db.execute(sql: removal) }
        for seconds in [4.0, 5, 6] { try await store.save(comparison(seconds, at: seconds)) }
        #expect(try await replay(store, after: mark) == nil)
    }

    @Test func anotherDatabaseWithAsManyRowsDoesNotMatchTheMark() async throws {
        let one = TemporaryDirectory()
        let other = TemporaryDirectory()
        let first = SQLiteTrainingDataStore(database: try PeachDatabase(path: one.databasePath))
        let second = SQLiteTrainingDataStore(database: try PeachDatabase(path: other.databasePath))
        for seconds in [1.0, 2] { try await first.save(comparison(seconds, at: seconds)) }
        for seconds in [1.5, 2.5, 3] { try await second.save(comparison(seconds, at: seconds)) }
        let mark = try #require(try await replay(first, after: nil)).mark
        #expect(try await replay(second, after: mark) == nil)
    }
}
