import Foundation
import GRDB
import Testing

@testable import PeachCore
@testable import PeachStore

struct SQLiteTrainingDataStoreTests {
    func comparison(_ offset: Double, correct: Bool, at seconds: Double) -> CompletedComparison {
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset), isCorrect: correct,
            timestamp: Date(timeIntervalSince1970: seconds))
    }

    @Test func savesAndFetchesNewestFirst() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        try await store.save(comparison(12.3, correct: true, at: 1_000))
        try await store.save(comparison(-4.5, correct: false, at: 3_000))
        try await store.save(comparison(7.25, correct: true, at: 2_000.125))

        let fetched = try await store.comparisons(limit: 10)
        #expect(fetched.map(\.note2CentOffset) == [Cents(-4.5), Cents(7.25), Cents(12.3)])
        #expect(fetched[1].timestamp == Date(timeIntervalSince1970: 2_000.125))
        #expect(fetched.map(\.isCorrect) == [false, true, true])
        #expect(try await store.comparisons(limit: 1).count == 1)
    }

    @Test func recordsSurviveReopening() async throws {
        let directory = TemporaryDirectory()
        do {
            let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
            for i in 0..<20 { try await store.save(comparison(Double(i) + 0.5, correct: i % 2 == 0, at: Double(i))) }
        }
        let reopened = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        let fetched = try await reopened.comparisons(limit: 100)
        #expect(fetched.count == 20)
        #expect(fetched.first == comparison(19.5, correct: false, at: 19))
    }

    @Test func theDatabaseIsInWALModeWithEveryMigrationApplied() throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        #expect(try database.journalMode() == "wal")
        #expect(try database.appliedMigrations() == PeachDatabase.migrator.migrations)
        #expect(PeachDatabase.migrator.migrations.starts(with: ["v1-comparisons", "v2-pitch-matching", "v3-settings"]))
        let synchronous = try database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(synchronous == 2)
    }

    @Test func pitchMatchingsAreSavedAndFetchedNewestFirst() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        let older = CompletedPitchMatching(
            referenceNote: MIDINote(57)!, initialCentOffset: Cents(-63.2), userCentError: Cents(4.25),
            timestamp: Date(timeIntervalSince1970: 10))
        let newer = CompletedPitchMatching(
            referenceNote: MIDINote(70)!, initialCentOffset: Cents(88), userCentError: Cents(-27.5),
            timestamp: Date(timeIntervalSince1970: 20))
        try await store.save(older)
        try await store.save(newer)
        #expect(try await store.pitchMatchings(limit: 10) == [newer, older])
        #expect(try await store.comparisons(limit: 10).isEmpty)
    }

    @Test func upgradingAVersion1DatabaseKeepsItsComparisons() async throws {
        let directory = TemporaryDirectory()
        do {
            // A file as schema v1 left it: only the first migration applied.
            let queue = try DatabaseQueue(path: directory.databasePath)
            try PeachDatabase.migrator.migrate(queue, upTo: "v1-comparisons")
            try await queue.write { db in
                for i in 0..<50 {
                    try db.execute(
                        sql:
                            "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (?, ?, ?, ?, ?)",
                        arguments: [
                            40 + i % 20, 40 + i % 20, Double(i) - 24.5, i % 3 == 0,
                            Date(timeIntervalSince1970: Double(i)),
                        ])
                }
            }
        }
        let database = try PeachDatabase(path: directory.databasePath)
        #expect(try database.appliedMigrations() == PeachDatabase.migrator.migrations)
        #expect(PeachDatabase.migrator.migrations.starts(with: ["v1-comparisons", "v2-pitch-matching", "v3-settings"]))
        let comparisons = try await SQLiteTrainingDataStore(database: database).comparisons(limit: 100)
        #expect(comparisons.count == 50)
        #expect(comparisons.first?.note2CentOffset == Cents(24.5))
        #expect(comparisons.last?.note2CentOffset == Cents(-24.5))
    }

    @Test func anUnopenableLocationIsATypedError() {
        #expect(throws: DataStoreError.self) { try PeachDatabase(path: "/proc/peach/cannot/peach.sqlite") }
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            PeachDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"])
                == "/x/data/peach/peach.sqlite")
        #expect(
            PeachDatabase.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/peach/peach.sqlite")
    }
}
