import Foundation
import GRDB
import Synchronization
import Testing

@testable import PeachStore

struct GroupCommitWriterTests {
    struct Rejected: Error {}

    /// Counts the transactions committed on the database.
    final class CommitCounter: TransactionObserver, Sendable {
        let commits = Mutex(0)
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { commits.withLock { $0 += 1 } }
        func databaseDidRollback(_ db: Database) {}
    }

    func database(_ directory: borrowing TemporaryDirectory) throws -> PeachDatabase {
        let database = try PeachDatabase(path: directory.databasePath)
        try database.writer.write { db in
            try db.execute(sql: "CREATE TABLE item (value INTEGER NOT NULL UNIQUE)")
        }
        return database
    }

    func stored(_ database: PeachDatabase) throws -> Set<Int> {
        Set(try database.writer.read { db in try Int.fetchAll(db, sql: "SELECT value FROM item") })
    }

    /// Holds the writer until `release` is called, so that the writes started meanwhile queue up
    /// and are committed together.
    func holdWriter(_ database: PeachDatabase) -> @Sendable () -> Void {
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? database.writer.writeWithoutTransaction { _ in
                held.signal()
                release.wait()
            }
        }
        held.wait()
        return { release.signal() }
    }

    @Test func concurrentWritesShareTransactionsAndAllReturnAfterTheirCommit() async throws {
        let directory = TemporaryDirectory()
        let database = try database(directory)
        let counter = CommitCounter()
        database.writer.add(transactionObserver: counter, extent: .databaseLifetime)
        let release = holdWriter(database)

        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<100 {
                group.addTask {
                    try await database.groupCommit.write { db in
                        try db.execute(sql: "INSERT INTO item (value) VALUES (?)", arguments: [value])
                        return value * 2
                    }
                }
            }
            // Every write is queued behind the held writer before it is let go.
            try await Task.sleep(for: .milliseconds(200))
            release()
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }

        #expect(results == Set((0..<100).map { $0 * 2 }))
        #expect(try stored(database) == Set(0..<100))
        // The held writer let at most one write start alone; the rest shared a transaction.
        #expect(counter.commits.withLock { $0 } <= 2)
    }

    @Test func aFailingWriteIsRolledBackAloneAndTheOthersInItsBatchCommit() async throws {
        let directory = TemporaryDirectory()
        let database = try database(directory)
        let release = holdWriter(database)

        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for value in 0..<40 {
                group.addTask {
                    do {
                        try await database.groupCommit.write { db in
                            try db.execute(sql: "INSERT INTO item (value) VALUES (?)", arguments: [value])
                            // Every fifth write fails after it has written: its row must go too.
                            if value % 5 == 0 { throw Rejected() }
                            // And one more violates the table's constraint.
                            if value == 7 { try db.execute(sql: "INSERT INTO item (value) VALUES (1)") }
                        }
                        return (value, true)
                    } catch {
                        return (value, false)
                    }
                }
            }
            try? await Task.sleep(for: .milliseconds(200))
            release()
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }

        let failing = Set(stride(from: 0, to: 40, by: 5)).union([7])
        #expect(outcomes.filter { !$0.value }.keys.sorted() == failing.sorted())
        #expect(try stored(database) == Set(0..<40).subtracting(failing))
    }

    @Test func writesAfterAFailedBatchStillCommit() async throws {
        let directory = TemporaryDirectory()
        let database = try database(directory)
        await #expect(throws: Rejected.self) {
            try await database.groupCommit.write { _ in throw Rejected() }
        }
        try await database.groupCommit.write { db in
            try db.execute(sql: "INSERT INTO item (value) VALUES (42)")
        }
        #expect(try stored(database) == [42])
    }
}
