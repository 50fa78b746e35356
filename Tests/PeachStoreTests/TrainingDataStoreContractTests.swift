import Foundation
import Testing

@testable import PeachCore
@testable import PeachPostgres
@testable import PeachStore

/// One contract for every implementation of the store ports: the SQLite store, the PostgreSQL store
/// and the in-memory store the server and driver tests run on must behave alike, or those tests
/// prove nothing. PostgreSQL runs on the test process's own cluster (TestPostgres), a database per test.
struct TrainingDataStoreContractTests {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres, inMemory
        var description: String { rawValue }
    }

    /// Keeps the SQLite file's directory alive for the test's duration.
    final class Harness: Sendable {
        let store: any TrainingDataStore & TrainingHistory & OpenTrialStore
        let directory: URL?

        private init(store: any TrainingDataStore & TrainingHistory & OpenTrialStore, directory: URL? = nil) {
            self.store = store
            self.directory = directory
        }

        static func make(_ backend: Backend) async throws -> Harness {
            switch backend {
            case .inMemory:
                return Harness(store: InMemoryTrainingDataStore())
            case .postgres:
                return Harness(store: try await TestPostgres.freshStore())
            case .sqlite:
                let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "peach-contract-\(UUID().uuidString)")
                return Harness(
                    store: SQLiteTrainingDataStore(
                        database: try PeachDatabase(path: url.appendingPathComponent("peach.sqlite").path)),
                    directory: url)
            }
        }

        deinit { if let directory { try? FileManager.default.removeItem(at: directory) } }
    }

    static let fifthDown = DirectedInterval(.P5, .down)!

    /// One record of each discipline, a second apart, with exact millisecond times.
    static let records: [TrainingRecord] = [
        .comparison(
            CompletedComparison(
                note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(-12.5), isCorrect: true,
                timestamp: Date(timeIntervalSince1970: 1_800_000_000.125))),
        .comparison(
            CompletedComparison(
                note1: MIDINote(72)!, note2: MIDINote(65)!, note2CentOffset: Cents(3.3), isCorrect: false,
                timestamp: Date(timeIntervalSince1970: 1_800_000_001.250), discipline: .intervalComparison,
                interval: fifthDown, tuningSystem: .justIntonation)),
        .matching(
            CompletedPitchMatching(
                referenceNote: MIDINote(69)!, initialCentOffset: Cents(40), userCentError: Cents(-2.25),
                timestamp: Date(timeIntervalSince1970: 1_800_000_002.500))),
        .matching(
            CompletedPitchMatching(
                referenceNote: MIDINote(57)!, initialCentOffset: Cents(-15), userCentError: Cents(1.5),
                timestamp: Date(timeIntervalSince1970: 1_800_000_003.750), discipline: .intervalMatching,
                interval: DirectedInterval(.M3, .up)!, tuningSystem: .equalTemperament)),
    ]

    @Test(arguments: Backend.allCases)
    func theRecordCountCountsEveryDisciplineOnce(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        #expect(try await harness.store.recordCount() == 0)
        for record in Self.records { try await harness.store.save(record) }
        #expect(try await harness.store.recordCount() == Self.records.count)
        try await harness.store.deleteAll()
        #expect(try await harness.store.recordCount() == 0)
    }

    @Test(arguments: Backend.allCases)
    func everyDisciplineIsSavedAndListedNewestFirst(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        for record in Self.records { try await harness.store.save(record) }
        #expect(try await harness.store.records(nil, limit: 10) == Self.records.reversed())
        #expect(try await harness.store.records(nil, limit: 2) == Array(Self.records.reversed().prefix(2)))
        for record in Self.records {
            #expect(try await harness.store.records(record.discipline, limit: 10) == [record])
        }
        #expect(
            try await harness.store.lastComparisons() == [
                .pitchComparison: try #require(Self.comparison(Self.records[0])),
                .intervalComparison: try #require(Self.comparison(Self.records[1])),
            ])
    }

    @Test(arguments: Backend.allCases)
    func theHistoryReplaysEveryRecordOldestFirst(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        for record in Self.records.reversed() { try await harness.store.save(record) }
        let comparisons = try await harness.store.reduce(ComparisonKind.self, into: [CompletedComparison]()) {
            $0.append($1)
        }
        let matchings = try await harness.store.reduce(MatchingKind.self, into: [CompletedPitchMatching]()) {
            $0.append($1)
        }
        #expect(
            comparisons.map { TrainingRecord.comparison($0) } + matchings.map { TrainingRecord.matching($0) }
                == Self.records)
    }

    @Test(arguments: Backend.allCases)
    func deleteAllEmptiesEveryDiscipline(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        for record in Self.records { try await harness.store.save(record) }
        try await harness.store.deleteAll()
        #expect(try await harness.store.records(nil, limit: 10).isEmpty)
    }

    static func comparison(_ record: TrainingRecord) -> CompletedComparison? {
        record.as(CompletedComparison.self)
    }
}

extension TrainingDataStoreContractTests {
    /// A record saved under a key is found by it; a second save under the same key writes nothing.
    @Test(arguments: Backend.allCases)
    func anAnswerKeyFindsItsRecordAndIsStoredOnce(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let first = AnswerKey(rawValue: "key-0001-comparison")!
        let second = AnswerKey(rawValue: "key-0002-matching")!
        try await harness.store.save(Self.records[1], key: first)
        try await harness.store.save(Self.records[3], key: second)
        try await harness.store.save(Self.records[0])
        #expect(try await harness.store.record(savedUnder: first) == Self.records[1])
        #expect(try await harness.store.record(savedUnder: second) == Self.records[3])
        #expect(try await harness.store.record(savedUnder: AnswerKey(rawValue: "never-given")!) == nil)

        await #expect(throws: DataStoreError.self) { try await harness.store.save(Self.records[2], key: first) }
        #expect(try await harness.store.records(nil, limit: 10).count == 3)

        try await harness.store.deleteAll()
        #expect(try await harness.store.record(savedUnder: first) == nil)
    }
}

extension TrainingDataStoreContractTests {
    static let week = Duration.seconds(7 * 86_400)

    static func openTrial(_ id: String, at seconds: TimeInterval, task: Int64? = nil) -> OpenTrial {
        let trial: Trial =
            id.hasSuffix("m")
            ? .matching(
                PitchMatchingChallenge(
                    .intervalMatching, referenceNote: MIDINote(57)!, interval: DirectedInterval(.M3, .up)!,
                    tuningSystem: .justIntonation, initialCentOffset: Cents(-31.25)))
            : .comparison(
                Comparison(
                    .intervalComparison, note1: MIDINote(72)!, interval: fifthDown, tuningSystem: .justIntonation,
                    centOffset: Cents(-4.125), note2LevelOffset: AmplitudeDB(1.5)))
        return OpenTrial(
            id: id, trial: trial, issuedAt: Date(timeIntervalSince1970: 1_800_000_000 + seconds), task: task)
    }

    /// An open trial is found whole by its id (with the assignment task it was drawn for) until its
    /// answer closes it or a week passes; a reset of the history leaves it open (a phone's reserve
    /// is answered after it).
    @Test(arguments: Backend.allCases)
    func anOpenTrialIsKeptUntilAnsweredOrAWeekOld(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let old = Self.openTrial("trial-old-c", at: 0)
        let comparison = Self.openTrial("trial-2-c", at: 86_400)
        let matching = Self.openTrial("trial-3-m", at: 7 * 86_400 + 1, task: 42)
        for trial in [old, comparison, matching] { try await harness.store.open(trial, keptFor: Self.week) }
        #expect(try await harness.store.openTrial(id: old.id) == nil)
        #expect(try await harness.store.openTrial(id: comparison.id) == comparison)
        #expect(try await harness.store.openTrial(id: matching.id) == matching)

        try await harness.store.save(Self.records[1], key: nil, closing: comparison.id)
        #expect(try await harness.store.openTrial(id: comparison.id) == nil)
        #expect(try await harness.store.openTrial(id: matching.id) == matching)
        #expect(try await harness.store.records(nil, limit: 10) == [Self.records[1]])

        try await harness.store.deleteAll()
        #expect(try await harness.store.openTrial(id: matching.id) == matching)
        try await harness.store.save(Self.records[2], key: nil, closing: matching.id)
        #expect(try await harness.store.records(nil, limit: 10) == [Self.records[2]])
    }
}

extension TrainingDataStoreContractTests {
    /// A save refused for its key changes nothing: no record, and the trial it would close stays open.
    @Test(arguments: Backend.allCases)
    func aRefusedSaveLeavesTheOpenTrialOpen(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let key = AnswerKey(rawValue: "key-0003-retry")!
        let trial = Self.openTrial("trial-4-c", at: 0)
        try await harness.store.save(Self.records[0], key: key)
        try await harness.store.open(trial, keptFor: Self.week)
        await #expect(throws: DataStoreError.self) {
            try await harness.store.save(Self.records[1], key: key, closing: trial.id)
        }
        #expect(try await harness.store.openTrial(id: trial.id) == trial)
        #expect(try await harness.store.records(nil, limit: 10) == [Self.records[0]])
    }

    /// Retries racing each other under one key: exactly one lands.
    @Test(arguments: Backend.allCases)
    func concurrentSavesUnderOneKeyStoreOneRecord(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let key = AnswerKey(rawValue: "key-0004-raced")!
        let store = harness.store
        let saved = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? await store.save(Self.records[2], key: key)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(saved == 1)
        #expect(try await store.records(nil, limit: 10) == [Self.records[2]])
        #expect(try await store.record(savedUnder: key) == Self.records[2])
    }

    /// One trial answered twice under two keys (two instances behind a load balancer, each taking
    /// one): the first save closes it, the second fails whole and stores nothing.
    @Test(arguments: Backend.allCases)
    func aSaveClosingATrialNoLongerOpenIsRefusedWhole(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let trial = Self.openTrial("trial-5-c", at: 0)
        let first = AnswerKey(rawValue: "key-0005-first")!
        let second = AnswerKey(rawValue: "key-0005-second")!
        try await harness.store.open(trial, keptFor: Self.week)
        try await harness.store.save(Self.records[0], key: first, closing: trial.id)
        await #expect(throws: DataStoreError.trialNotOpen(id: trial.id)) {
            try await harness.store.save(Self.records[1], key: second, closing: trial.id)
        }
        #expect(try await harness.store.records(nil, limit: 10) == [Self.records[0]])
        #expect(try await harness.store.record(savedUnder: second) == nil)
        await #expect(throws: DataStoreError.trialNotOpen(id: "never-opened")) {
            try await harness.store.save(Self.records[1], key: nil, closing: "never-opened")
        }
    }

    /// Answers racing to close one trial under different keys: exactly one lands.
    @Test(arguments: Backend.allCases)
    func concurrentSavesClosingOneTrialStoreOneRecord(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let store = harness.store
        let trial = Self.openTrial("trial-6-c", at: 0)
        try await store.open(trial, keptFor: Self.week)
        let saved = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                let key = AnswerKey(rawValue: "key-0006-racer-\(index)")!
                group.addTask { (try? await store.save(Self.records[2], key: key, closing: trial.id)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(saved == 1)
        #expect(try await store.records(nil, limit: 10) == [Self.records[2]])
        #expect(try await store.openTrial(id: trial.id) == nil)
    }
}

/// The settings port on every backend: nothing until saved, then what was saved, the newest save winning.
struct SettingsStoreContractTests {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres, inMemory
        var description: String { rawValue }
    }

    @Test(arguments: Backend.allCases)
    func theNewestSavedSettingsAreLoaded(backend: Backend) async throws {
        let directory = TemporaryDirectory()
        let store: any SettingsStore =
            switch backend {
            case .sqlite: SQLiteSettingsStore(database: try PeachDatabase(path: directory.databasePath))
            case .postgres: PostgresSettingsStore(records: try await TestPostgres.freshStore())
            case .inMemory: InMemoryTrainingDataStore()
            }
        #expect(try await store.loadSettings() == nil)
        let first = try PeachSettings.default.applying(
            SettingsUpdate(noteRangeLower: 50, referencePitchHz: 442, language: "de"))
        let second = try PeachSettings.default.applying(SettingsUpdate(referencePitchHz: 415))
        try await store.save(first)
        try await store.save(second)
        let loaded = try #require(try await store.loadSettings())
        #expect(try PeachSettings.default.applying(loaded) == second)
    }
}
