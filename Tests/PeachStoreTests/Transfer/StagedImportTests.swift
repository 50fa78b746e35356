import Foundation
import GRDB
import Testing

@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// An import written as its file arrives: staged where no reader sees it, published whole at the
/// end; answers are stored meanwhile, and a replace takes away only what was stored when it began.
struct StagedImportTests {
    typealias Tests = TrainingDataTransferTests

    /// A file the test hands over piece by piece; `requested` yields each time the import asks for
    /// the next piece, that is, once it has written every batch it could make of the pieces before.
    final class Upload: Sendable {
        let pieces = AsyncStream<[UInt8]>.makeStream()
        let requested = AsyncStream<Void>.makeStream()

        func source() -> TrainingDataSource {
            let requested = requested.continuation
            var pieces = self.pieces.stream.makeAsyncIterator()
            return TrainingDataSource(expectedBytes: nil) {
                requested.yield()
                return await pieces.next()
            }
        }

        func send(_ text: String) { pieces.continuation.yield(Array(text.utf8)) }
        func end() { pieces.continuation.finish() }
    }

    /// Format 1 rows of `count` comparisons, a second apart from `milliseconds` on.
    static func rows(_ count: Int, from milliseconds: Int64 = 1_700_000_000_000) -> String {
        (0..<count).map { index in
            let stamp = MillisecondTimestamp(
                Date(timeIntervalSince1970: Double(milliseconds + Int64(index) * 1000) / 1000)
            ).iso8601
            return "comparison,\(stamp),62,62,\(Double(index % 100) + 0.5),true,,,\n"
        }.joined()
    }

    static func saveTen(_ database: PeachDatabase) async throws {
        let store = SQLiteTrainingDataStore(database: database)
        for index in 0..<10 { try await store.save(Tests.comparison(Double(index), at: Int64(index) * 1000)) }
    }

    @Test(arguments: ImportMode.allCases)
    func readersSeeNoneOfAnImportUntilItsEndAndAnswersMeanwhileStay(mode: ImportMode) async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        try await Self.saveTen(database)
        let before = try await Tests.stored(database)
        let upload = Upload()
        var asked = upload.requested.stream.makeAsyncIterator()
        let importing = Task {
            try await TrainingDataTransfer(database: database).importRecords(from: upload.source(), mode: mode)
        }
        await asked.next()
        upload.send(Tests.header + Self.rows(TrainingDataSource.batchSize + 10))
        // Asked again: the first batch is written.
        await asked.next()
        #expect(try await Tests.stored(database) == before, "a reader saw part of the import")
        // Stored while the import runs: a replace that began before it must keep it.
        let answer = Tests.comparison(7, at: 1_800_000_000_000)
        try await SQLiteTrainingDataStore(database: database).save(answer)
        upload.send(Self.rows(5, from: 1_750_000_000_000))
        upload.end()
        let summary = try await importing.value
        #expect(summary.imported == TrainingDataSource.batchSize + 15)
        let stored = try await Tests.stored(database)
        #expect(stored.count == (mode == .merge ? 10 : 0) + TrainingDataSource.batchSize + 15 + 1)
        #expect(stored.contains(TransferRecord(answer)))
        #expect(stored.contains(before[0]) == (mode == .merge))
    }

    @Test func aBadRowAfterWrittenBatchesRejectsTheWholeFileByItsLine() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        try await Self.saveTen(database)
        let before = try await Tests.stored(database)
        let good = 3 * TrainingDataSource.batchSize
        let upload = Upload()
        upload.send(Tests.header + Self.rows(good, from: 1_700_000_000_000))
        upload.send("comparison,2024-01-01T00:00:00.000Z,62,62,not-a-number,true,,,\n")
        upload.end()
        do {
            _ = try await TrainingDataTransfer(database: database).importRecords(from: upload.source(), mode: .replace)
            Issue.record("the bad row was imported")
        } catch {
            guard case .rejected(let rejected)? = error as? ImportFailure else { throw error }
            // The marker and the header are lines 1 and 2.
            #expect(rejected.line == good + 3)
        }
        #expect(try await Tests.stored(database) == before)
        // Nothing of it is left staged: the next import brings exactly its own rows.
        let again = try await TrainingDataTransfer(database: database).importRecords(
            TrainingDataParser.parse(Array((Tests.header + Self.rows(3)).utf8)), mode: .merge)
        #expect(again.imported == 3)
        #expect(try await Tests.stored(database).count == 13)
    }

    @Test func aWriteFailingAtTheEndTakesBackEveryBatch() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        try await Self.saveTen(database)
        let before = try await Tests.stored(database)
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER failLate BEFORE INSERT ON comparison
                    WHEN (SELECT count(*) FROM comparison) >= \(10 + 2 * TrainingDataSource.batchSize + 5)
                    BEGIN SELECT RAISE(ABORT, 'disk full'); END
                    """)
        }
        for mode in ImportMode.allCases {
            await #expect(throws: ImportFailure.self) {
                try await TrainingDataTransfer(database: database).importRecords(
                    TrainingDataParser.parse(Array((Tests.header + Self.rows(4 * TrainingDataSource.batchSize)).utf8)),
                    mode: mode)
            }
            #expect(try await Tests.stored(database) == before)
        }
    }

    @Test func aSecondImportWhileOneRunsIsRefusedAndChangesNothing() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let upload = Upload()
        var asked = upload.requested.stream.makeAsyncIterator()
        let first = Task {
            try await TrainingDataTransfer(database: database).importRecords(from: upload.source(), mode: .merge)
        }
        await asked.next()
        do {
            _ = try await TrainingDataTransfer(database: database).importRecords(
                TrainingDataParser.parse(Array((Tests.header + Self.rows(3, from: 1_600_000_000_000)).utf8)),
                mode: .replace)
            Issue.record("two imports ran at once")
        } catch {
            guard case .busy? = error as? ImportFailure else { throw error }
        }
        upload.send(Tests.header + Self.rows(2))
        upload.end()
        #expect(try await first.value.imported == 2)
        #expect(try await Tests.stored(database).count == 2)
    }

    /// A journal as the chunked imports of earlier versions left it when killed: one chunk of 50
    /// rows written, the import `committed` or not.
    static func interruptedImport(_ database: PeachDatabase, mode: ImportMode, commit: Bool) throws {
        try database.writer.write { db in
            let watermarks = ImportJournal.tables.map { _ in "COALESCE((SELECT MAX(id) FROM comparison), 0)" }
            try db.execute(
                sql: """
                    INSERT INTO importJournal (mode, state, \(ImportJournal.tables.map { "\($0)Watermark" }.joined(separator: ", ")))
                    VALUES (?, ?, \(watermarks.joined(separator: ", ")))
                    """, arguments: [mode.rawValue, (commit ? ImportJournal.State.committed : .writing).rawValue])
            let id = db.lastInsertedRowID
            let first = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) + 1 FROM comparison")!
            for index in 0..<50 {
                try db.execute(
                    sql:
                        "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (60, 60, 5, 1, ?)",
                    arguments: [
                        MillisecondTimestamp(Date(timeIntervalSince1970: 1_700_000_000 + Double(index))).storageText
                    ])
            }
            try db.execute(
                sql: "INSERT INTO importChunk (importId, tableName, firstId, lastId) VALUES (?, 'comparison', ?, ?)",
                arguments: [id, first, db.lastInsertedRowID])
        }
    }

    @Test func anEarlierVersionsImportCrashedBeforeItsCommitLeavesNoPart() async throws {
        let directory = TemporaryDirectory()
        let before: [TransferRecord]
        do {
            let database = try PeachDatabase(path: directory.databasePath)
            try await Self.saveTen(database)
            before = try await Tests.stored(database)
            try Self.interruptedImport(database, mode: .merge, commit: false)
            #expect(try await Tests.stored(database).count == 60)
        }
        let reopened = try PeachDatabase(path: directory.databasePath)
        #expect(try await Tests.stored(reopened) == before)
        let journal = try await reopened.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM importJournal")
        }
        #expect(journal == 0)
    }

    @Test func anEarlierVersionsReplaceCrashedAfterItsCommitIsCompleted() async throws {
        let directory = TemporaryDirectory()
        do {
            let database = try PeachDatabase(path: directory.databasePath)
            try await Self.saveTen(database)
            try Self.interruptedImport(database, mode: .replace, commit: true)
        }
        let reopened = try PeachDatabase(path: directory.databasePath)
        let stored = try await Tests.stored(reopened)
        #expect(stored.count == 50)
        #expect(stored.allSatisfy { $0.timestamp >= MillisecondTimestamp(Date(timeIntervalSince1970: 1_700_000_000)) })
    }
}
