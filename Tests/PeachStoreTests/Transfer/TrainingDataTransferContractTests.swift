import Foundation
import Testing

@testable import PeachCore
@testable import PeachPostgres
@testable import PeachServices
@testable import PeachStore

/// Export and import behave the same on every backend that has them: the SQLite file and one
/// PostgreSQL user. On PostgreSQL, a user's transfer never touches another user's records.
struct TrainingDataTransferContractTests {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
    }

    /// A store and its transfer on a fresh database; on PostgreSQL `others` more users beside it.
    final class Harness: Sendable {
        let store: any TrainingDataStore
        let transfer: any TrainingDataTransferring
        let neighbours: [PostgresTrainingDataStore]
        let directory: URL?

        private init(
            store: any TrainingDataStore, transfer: any TrainingDataTransferring,
            neighbours: [PostgresTrainingDataStore] = [], directory: URL? = nil
        ) {
            self.store = store
            self.transfer = transfer
            self.neighbours = neighbours
            self.directory = directory
        }

        deinit { if let directory { try? FileManager.default.removeItem(at: directory) } }

        static func make(_ backend: Backend, others: Int = 0) async throws -> Harness {
            switch backend {
            case .sqlite:
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "peach-transfer-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let database = try PeachDatabase(path: directory.appendingPathComponent("peach.sqlite").path)
                return Harness(
                    store: SQLiteTrainingDataStore(database: database),
                    transfer: TrainingDataTransfer(database: database), directory: directory)
            case .postgres:
                let database = try await PostgresPeachDatabase.open(try await TestPostgres.freshDatabase())
                let accounts = PostgresAccountStore(
                    database: database, now: { Date(timeIntervalSince1970: 1_800_000_000) })
                var users: [PostgresTrainingDataStore] = []
                for index in 0...others {
                    let account = try #require(
                        try await accounts.createAccount(
                            AccountName("user\(index)")!, passwordHash: "x", isTeacher: false))
                    users.append(PostgresTrainingDataStore(database: database, user: account.id))
                }
                return Harness(
                    store: users[0], transfer: PostgresTrainingDataTransfer(store: users[0]),
                    neighbours: Array(users.dropFirst()))
            }
        }
    }

    /// Every kind, an interval record, a sung note and a sung interval, two records in the same
    /// millisecond, and progressions with each chord's inversion and without (stored before records
    /// kept them).
    static let records: [TrainingRecord] =
        TrainingDataStoreContractTests.records + [
            .rhythmComparison(TrainingDataTransferTests.rhythmComparison(4.5, at: 1_800_000_004_000)),
            .rhythmMatching(TrainingDataTransferTests.rhythmMatching(-3.25, at: 1_800_000_004_000)),
            .matching(
                CompletedPitchMatching(
                    referenceNote: MIDINote(50)!, initialCentOffset: Cents(20), userCentError: Cents(-7.5),
                    timestamp: Date(timeIntervalSince1970: 1_800_000_005.5), discipline: .pitchSinging, sungOctave: -1)),
            .matching(
                CompletedPitchMatching(
                    referenceNote: MIDINote(57)!, initialCentOffset: .zero, userCentError: Cents(13.6863),
                    timestamp: Date(timeIntervalSince1970: 1_800_000_006),
                    discipline: .intervalSinging, interval: DirectedInterval(.M3, .up)!, tuningSystem: .justIntonation,
                    sungOctave: 0)),
            .chordProgression(
                CompletedChordProgression(
                    tonicNote: MIDINote(43)!, mode: .major, progression: Progression([.one, .five, .six]),
                    answer: Progression([.one, .five, .four]), inversions: ChordInversions([0, 1, 0]),
                    tuningSystem: .justIntonation, timestamp: Date(timeIntervalSince1970: 1_800_000_007.25))),
            .chordProgression(
                CompletedChordProgression(
                    tonicNote: MIDINote(38)!, mode: .major, progression: CommonProgression.twoFiveOne.progression,
                    answer: CommonProgression.oneFourFiveOne.progression, inversions: nil,
                    tuningSystem: .equalTemperament, timestamp: Date(timeIntervalSince1970: 1_800_000_008),
                    discipline: .commonProgression)),
        ]

    static func export(_ transfer: any TrainingDataTransferring) async throws -> (text: String, count: Int) {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("export.csv").path
        let count = try await transfer.exportCSV(to: path)
        return (try String(contentsOfFile: path, encoding: .utf8), count)
    }

    static func parsed(_ text: String) throws -> ParsedTrainingData {
        try TrainingDataParser.parse(Array(text.utf8))
    }

    @Test(arguments: Backend.allCases)
    func anExportImportedByReplaceGivesBackTheSameRecords(backend: Backend) async throws {
        let source = try await Harness.make(backend)
        for record in Self.records { try await source.store.save(record) }
        let (text, count) = try await Self.export(source.transfer)
        #expect(count == Self.records.count)

        let target = try await Harness.make(backend)
        try await target.store.save(Self.records[0])
        let summary = try await target.transfer.importRecords(try Self.parsed(text), mode: .replace)
        #expect(summary.imported == Self.records.count && summary.duplicatesSkipped == 0)
        #expect(
            try await target.store.records(nil, limit: 100).map(TransferRecord.init)
                == (try await source.store.records(nil, limit: 100)).map(TransferRecord.init))
        #expect(try await Self.export(target.transfer).text == text)
    }

    @Test(arguments: Backend.allCases)
    func aMergeSkipsWhatIsStoredAlreadyTheSameWayOnEveryBackend(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        for record in Self.records.prefix(3) { try await harness.store.save(record) }
        let full = try await Harness.make(backend)
        for record in Self.records { try await full.store.save(record) }
        let file = try Self.parsed(try await Self.export(full.transfer).text)

        let first = try await harness.transfer.importRecords(file, mode: .merge)
        #expect(first.imported == Self.records.count - 3 && first.duplicatesSkipped == 3)
        let again = try await harness.transfer.importRecords(file, mode: .merge)
        #expect(again.imported == 0 && again.duplicatesSkipped == Self.records.count)
        #expect(try await harness.store.recordCount() == Self.records.count)
    }

    /// More records than one statement (PostgreSQL) or one chunk (SQLite) takes: every one lands, in order.
    @Test(arguments: Backend.allCases)
    func aLargeImportLandsWholeAndInOrder(backend: Backend) async throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("large.csv").path
        let count = try ExportFile.write(to: path) { each in
            for index in 0..<10_000 {
                try each(
                    TransferRecord(
                        TrainingDataTransferTests.comparison(
                            Double(index % 97) / 4, at: 1_800_000_000_000 + Int64(index) * 250, correct: index % 3 > 0))
                )
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let harness = try await Harness.make(backend)
        let summary = try await harness.transfer.importRecords(try Self.parsed(text), mode: .merge)
        #expect(summary.imported == count && count == 10_000)
        #expect(try await Self.export(harness.transfer).text == text)
    }

    @Test func onPostgreSQLAUsersTransferNeverTouchesAnotherUsersRecords() async throws {
        let harness = try await Harness.make(.postgres, others: 1)
        let neighbour = harness.neighbours[0]
        try await harness.store.save(Self.records[0])
        for record in Self.records.suffix(3) { try await neighbour.save(record) }
        let neighbourBefore = try await neighbour.records(nil, limit: 100)

        let (text, count) = try await Self.export(harness.transfer)
        #expect(count == 1)
        let file = try Self.parsed(try await Self.export(PostgresTrainingDataTransfer(store: neighbour)).text)
        _ = try await harness.transfer.importRecords(file, mode: .replace)
        #expect(try await harness.store.recordCount() == 3)
        #expect(try await neighbour.records(nil, limit: 100) == neighbourBefore)
        #expect(!text.isEmpty)
    }
}
