import Foundation
import PostgresNIO
import Testing

@testable import PeachCore
@testable import PeachPostgres
@testable import PeachServices
@testable import PeachStore

/// Every released PostgreSQL schema, with rows in every table, opens with the current code and keeps
/// every record, its answer key, its open trial and its settings.
struct PostgresSchemaUpgradeTests {
    /// The released versions as `Tests/Fixtures/schemas/postgres/<name>.sql` (see the README beside them).
    static let fixtures = [
        "v1-records-settings-open-trials", "v2-rhythm", "v3-optional-hit-rate", "v4-accounts", "v5-chord-intonation",
        "v6-scale-degree", "v7-chord-quality", "v8-student-summary", "v9-melodic-dictation", "v10-assignments",
        "v11-chord-progression", "v12-must-change-password", "v13-invitations", "v14-task-goal-trials",
    ]

    /// The rows the fixtures hold: the SQLite fixtures' records, so both backends keep the same history.
    static let records =
        (SchemaUpgradeTests.comparisons + SchemaUpgradeTests.pitchMatchings
        + SchemaUpgradeTests.intervalRecords + SchemaUpgradeTests.sungRecords).sorted { $0.timestamp < $1.timestamp }

    @Test func everyOlderSchemaHasAFixture() {
        for migration in PostgresMigrations.all.dropLast() {
            #expect(Self.fixtures.contains(migration.name), "no fixture for \(migration.name)")
        }
    }

    @Test(arguments: fixtures)
    func aFixtureOpensUpgradedWithEveryRowIntact(schema: String) async throws {
        let location = try await TestPostgres.freshDatabase()
        let raw = PostgresPeachDatabase(location)
        // pg_dump's statements, one at a time: the extended protocol takes one per query.
        let script = try String(contentsOf: FixtureFiles.url("schemas/postgres/\(schema).sql"), encoding: .utf8)
        let statements = script.split(separator: ";\n").map {
            $0.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n")
        }.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        for statement in statements {
            for try await _ in try await raw.client.query(PostgresQuery(unsafeSQL: statement)) {}
        }
        let shipped =
            PostgresMigrations.all.prefix { $0.name != schema }.map(\.version)
            + PostgresMigrations.all.filter { $0.name == schema }.map(\.version)
        #expect(try await raw.appliedVersions() == shipped, "the fixture is not the schema it is named after")
        await raw.close()

        let database = try await PostgresPeachDatabase.open(location)
        #expect(try await database.appliedVersions() == PostgresMigrations.all.map(\.version))
        let store = PostgresTrainingDataStore(database: database)
        let stored = try await store.records(nil, limit: .max).map(TransferRecord.init)
        let rhythm = shipped.contains(2) ? SchemaUpgradeTests.rhythmRecords : []
        let progressions = shipped.contains(13) ? SchemaUpgradeTests.progressionRecords : []
        #expect(
            stored.sorted { $0.timestamp < $1.timestamp }
                == (Self.records + rhythm + progressions).sorted { $0.timestamp < $1.timestamp })
        // Since version 3 a Fill the Gap trial may lack its hit rate (imported from the iPhone app).
        let imported = CompletedRhythmMatching(
            tempo: TempoBPM(90)!, meanOffsetMs: 12.3, offsetSDMs: nil, hitRate: nil,
            meanOffsetMsByPosition: [10.1, nil, -4, 8.8],
            timestamp: Date(timeIntervalSince1970: 1_800_000_000))
        try await store.save(.rhythmMatching(imported))
        #expect(try await store.records(.rhythmMatching, limit: 1) == [.rhythmMatching(imported)])

        // The answer key still names its record, so a retry after the upgrade stores nothing twice.
        let keyed = try await store.record(savedUnder: AnswerKey(rawValue: "fixture-v1-key-0001")!)
        #expect(keyed.flatMap { $0.as(CompletedComparison.self) }.map(TransferRecord.init) == Self.records.first)
        // A trial handed out before the upgrade can still be answered after it.
        let open = try await store.openTrial(id: "6641e8be-87d5-437f-b0a9-8df9812408af")
        guard let challenge = open?.trial.as(PitchMatchingChallenge.self) else {
            Issue.record("the open trial did not survive: \(String(describing: open))")
            return
        }
        #expect(challenge.referenceNote == MIDINote(60)! && challenge.initialCentOffset == Cents(-63.541545205851065))

        let settings = try await PostgresSettingsStore(records: PostgresTrainingDataStore(database: database))
            .loadSettings()
        // The sine the fixture's settings name stays chosen: settings written before a sound could be
        // left unchosen hold the one the user heard.
        #expect(
            try settings.map { try PeachSettings.default.applying($0) }
                == (try PeachSettings.default.applying(
                    SettingsUpdate(
                        noteRangeLower: 48, noteRangeUpper: 72, referencePitchHz: 442, soundSource: "sine",
                        language: "de"))))
        await database.close()
    }
}
