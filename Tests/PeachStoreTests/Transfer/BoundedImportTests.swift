import Foundation
import GRDB
import Synchronization
import Testing
@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// An import in bounded transactions: answers get in between its chunks, and it stays all or nothing,
/// across errors and crashes.
struct BoundedImportTests {
    typealias Tests = TrainingDataTransferTests

    final class Flag: Sendable {
        let value = Mutex(false)
    }

    static func records(_ count: Int, from milliseconds: Int64 = 1_700_000_000_000) -> ParsedTrainingData {
        let records = (0..<count).map { index in
            TransferRecord(Tests.comparison(Double(index % 100) + 0.5, at: milliseconds + Int64(index) * 1000, correct: index % 3 != 0))
        }
        return ParsedTrainingData(format: "test", records: records, skipped: [])
    }

    @Test func answersAreStoredBetweenTheChunksOfALargeImport() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let finished = Flag()
        let firstChunk = AsyncStream<Void>.makeStream()
        let parsed = Self.records(20 * TrainingDataTransfer.chunkSize)

        let importing = Task {
            let summary = try await TrainingDataTransfer(database: database).importRecords(parsed, mode: .merge) { fraction in
                if fraction > 0 { firstChunk.continuation.yield() }
            }
            finished.value.withLock { $0 = true }
            return summary
        }
        var iterator = firstChunk.stream.makeAsyncIterator()
        await iterator.next()
        // The import is under way; an answer saved now must not wait for the whole file.
        try await store.save(Tests.comparison(7, at: 1_000))
        let importDone = finished.value.withLock { $0 }
        #expect(!importDone, "the answer waited for the whole import")
        let result = try await importing.value
        #expect(result.imported(ComparisonKind.self) == parsed.records.count)
        #expect(try await store.comparisons(limit: .max).count == parsed.records.count + 1)
    }

    @Test func aWriteFailingAfterSomeChunksTakesBackEveryChunk() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        for index in 0..<10 { try await store.save(Tests.comparison(Double(index), at: Int64(index) * 1000)) }
        let before = try await Tests.stored(database)
        // Fails in the third chunk: two chunks are committed by then.
        try await database.writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER failLate BEFORE INSERT ON comparison
                WHEN (SELECT count(*) FROM comparison) >= \(10 + 2 * TrainingDataTransfer.chunkSize + 5)
                BEGIN SELECT RAISE(ABORT, 'disk full'); END
                """)
        }
        for mode in ImportMode.allCases {
            await #expect(throws: DataStoreError.self) {
                try await TrainingDataTransfer(database: database).importRecords(Self.records(4 * TrainingDataTransfer.chunkSize), mode: mode)
            }
            #expect(try await Tests.stored(database) == before)
        }
    }

    /// Writes an import's first chunk the way `importRecords` does, then stops, as a kill would.
    static func interruptedImport(_ database: PeachDatabase, mode: ImportMode, commit: Bool) throws {
        try database.writer.write { db in
            let id = try ImportJournal.begin(db, mode: mode)
            let first = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) + 1 FROM comparison")!
            for record in records(50).records {
                try db.execute(
                    sql: "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (60, 60, 5, 1, ?)",
                    arguments: [record.timestamp.storageText])
            }
            try ImportJournal.noteChunk(db, importId: id, table: "comparison", ids: first...db.lastInsertedRowID)
            if commit { try ImportJournal.commit(db, importId: id) }
        }
    }

    @Test func aCrashBeforeTheCommitLeavesNoPartOfTheImport() async throws {
        let directory = TemporaryDirectory()
        let before: [TransferRecord]
        do {
            let database = try PeachDatabase(path: directory.databasePath)
            for index in 0..<10 { try await SQLiteTrainingDataStore(database: database).save(Tests.comparison(Double(index), at: Int64(index))) }
            before = try await Tests.stored(database)
            try Self.interruptedImport(database, mode: .merge, commit: false)
            #expect(try await Tests.stored(database).count == 60)
        }
        let reopened = try PeachDatabase(path: directory.databasePath)
        #expect(try await Tests.stored(reopened) == before)
        let journal = try await reopened.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM importJournal") }
        #expect(journal == 0)
    }

    @Test func aCrashAfterTheCommitOfAReplaceCompletesIt() async throws {
        let directory = TemporaryDirectory()
        do {
            let database = try PeachDatabase(path: directory.databasePath)
            for index in 0..<10 { try await SQLiteTrainingDataStore(database: database).save(Tests.comparison(Double(index), at: Int64(index))) }
            try Self.interruptedImport(database, mode: .replace, commit: true)
        }
        let reopened = try PeachDatabase(path: directory.databasePath)
        let stored = try await Tests.stored(reopened)
        #expect(stored.count == 50)
        #expect(stored.allSatisfy { $0.timestamp >= MillisecondTimestamp(Date(timeIntervalSince1970: 1_700_000_000)) })
    }
}
