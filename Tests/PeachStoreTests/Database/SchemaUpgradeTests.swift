import Foundation
import GRDB
import Testing

@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// Every released schema opens with the current code and keeps every record.
struct SchemaUpgradeTests {
    static let comparisons = [
        (60, 60, 100.0, true, "2026-01-05T18:00:00.000Z"),
        (60, 60, -95.0, false, "2026-01-05T18:00:02.517Z"),
        (72, 72, 0.1, true, "2026-01-06T07:30:59.999Z"),
    ].map { note1, note2, offset, correct, time in
        TransferRecord(
            CompletedComparison(
                note1: MIDINote(note1)!, note2: MIDINote(note2)!, note2CentOffset: Cents(offset), isCorrect: correct,
                timestamp: MillisecondTimestamp(iso8601: time)!.date))
    }

    static let pitchMatchings = [
        (69, 37.5, -4.25, "2026-01-07T12:00:00.001Z"),
        (45, -88.0, 12.0, "2026-01-07T12:00:05.000Z"),
    ].map { note, initial, error, time in
        TransferRecord(
            CompletedPitchMatching(
                referenceNote: MIDINote(note)!, initialCentOffset: Cents(initial), userCentError: Cents(error),
                timestamp: MillisecondTimestamp(iso8601: time)!.date))
    }

    /// The interval records of the v4 fixture (`v4-disciplines.sql`).
    static let intervalRecords = [
        TransferRecord(
            CompletedComparison(
                note1: MIDINote(60)!, note2: MIDINote(67)!, note2CentOffset: Cents(4.5), isCorrect: true,
                timestamp: MillisecondTimestamp(iso8601: "2026-02-01T10:00:00.250Z")!.date,
                discipline: .intervalComparison, interval: DirectedInterval(.P5, .up)!, tuningSystem: .justIntonation)),
        TransferRecord(
            CompletedComparison(
                note1: MIDINote(72)!, note2: MIDINote(68)!, note2CentOffset: Cents(-12), isCorrect: false,
                timestamp: MillisecondTimestamp(iso8601: "2026-02-01T10:00:03.000Z")!.date,
                discipline: .intervalComparison, interval: DirectedInterval(.M3, .down)!,
                tuningSystem: .equalTemperament)),
        TransferRecord(
            CompletedPitchMatching(
                referenceNote: MIDINote(57)!, initialCentOffset: Cents(-15.5), userCentError: Cents(2.25),
                timestamp: MillisecondTimestamp(iso8601: "2026-02-01T10:01:00.000Z")!.date,
                discipline: .intervalMatching, interval: DirectedInterval(.P8, .up)!, tuningSystem: .justIntonation)),
    ]

    /// The sung answer of the v7 fixture (`v7-sung-octave.sql`).
    static let sungRecords = [
        TransferRecord(
            CompletedPitchMatching(
                referenceNote: MIDINote(64)!, initialCentOffset: Cents(0), userCentError: Cents(-7),
                timestamp: MillisecondTimestamp(iso8601: "2026-03-01T09:15:00.500Z")!.date, discipline: .pitchSinging,
                sungOctave: -1))
    ]

    /// The rhythm records of the v9 fixture (`v9-rhythm.sql`, and PostgreSQL's `v2-rhythm.sql`).
    static let rhythmRecords = [
        TransferRecord(
            CompletedRhythmComparison(
                tempo: TempoBPM(120)!, offsetPercent: -7.5, isCorrect: false,
                timestamp: MillisecondTimestamp(iso8601: "2026-04-01T08:00:00.125Z")!.date)),
        TransferRecord(
            CompletedRhythmComparison(
                tempo: TempoBPM(63)!, offsetPercent: 12.25, isCorrect: true,
                timestamp: MillisecondTimestamp(iso8601: "2026-04-01T08:00:02.000Z")!.date)),
        TransferRecord(
            CompletedRhythmMatching(
                tempo: TempoBPM(80)!, meanOffsetMs: -3.25, offsetSDMs: 9.5, hitRate: 0.875,
                meanOffsetMsByPosition: [-1.5, nil, 4, -12.25],
                timestamp: MillisecondTimestamp(iso8601: "2026-04-01T08:05:00.000Z")!.date)),
        TransferRecord(
            CompletedRhythmMatching(
                tempo: TempoBPM(163)!, meanOffsetMs: nil, offsetSDMs: nil, hitRate: 0,
                meanOffsetMsByPosition: [nil, nil, nil, nil],
                timestamp: MillisecondTimestamp(iso8601: "2026-04-01T08:06:00.500Z")!.date)),
    ]

    /// The Chord Progressions records of the v15 fixture (`v15-chord-progression.sql`, and PostgreSQL's
    /// `v13-invitations.sql`): stored before records kept each chord's inversion, so it is not known.
    static let progressionRecords = [
        TransferRecord(
            CompletedChordProgression(
                tonicNote: MIDINote(43)!, mode: .minor,
                progression: Progression([.minorOne, .minorFour, .five, .minorOne]),
                answer: Progression([.minorOne, .flatSix, .five, .minorOne]), inversions: nil,
                tuningSystem: .justIntonation,
                timestamp: MillisecondTimestamp(iso8601: "2026-12-01T09:00:00.250Z")!.date)),
        TransferRecord(
            CompletedChordProgression(
                tonicNote: MIDINote(38)!, mode: .major, progression: CommonProgression.twoFiveOne.progression,
                answer: CommonProgression.twoFiveOne.progression, inversions: nil, tuningSystem: .equalTemperament,
                timestamp: MillisecondTimestamp(iso8601: "2026-12-01T09:01:00.000Z")!.date,
                discipline: .commonProgression)),
    ]

    static let migrations = PeachDatabase.migrator.migrations

    /// Every schema older than the current one needs a fixture; so does the current one once it ships.
    @Test func everyOlderSchemaHasAFixture() {
        for name in Self.migrations.dropLast() {
            #expect(
                FileManager.default.fileExists(atPath: FixtureFiles.url("schemas/\(name).sqlite").path),
                "no fixture for \(name)")
        }
    }

    @Test(arguments: [
        "v1-comparisons", "v2-pitch-matching", "v3-settings", "v4-disciplines", "v5-import-journal", "v6-answer-keys",
        "v7-sung-octave", "v8-open-trials", "v9-rhythm", "v10-optional-hit-rate", "v11-chord-intonation",
        "v12-scale-degree", "v13-chord-quality", "v14-melodic-dictation", "v15-chord-progression",
    ])
    func aFixtureOpensUpgradedWithEveryRecordIntact(schema: String) async throws {
        let directory = TemporaryDirectory()
        try FileManager.default.copyItem(
            at: FixtureFiles.url("schemas/\(schema).sqlite"), to: directory.url.appendingPathComponent("peach.sqlite"))
        let shipped = Array(Self.migrations.prefix { $0 != schema }) + [schema]
        let before = try await DatabaseQueue(path: directory.databasePath).read { db in
            try PeachDatabase.migrator.appliedMigrations(db)
        }
        #expect(before == shipped, "the fixture is not the schema it is named after")

        let database = try PeachDatabase(path: directory.databasePath)
        #expect(try database.appliedMigrations() == Self.migrations)
        let hasPitchMatching = shipped.contains("v2-pitch-matching")
        let intervals = shipped.contains("v4-disciplines") ? Self.intervalRecords : []
        let sung = shipped.contains("v7-sung-octave") ? Self.sungRecords : []
        let rhythm = shipped.contains("v9-rhythm") ? Self.rhythmRecords : []
        let progressions = shipped.contains("v15-chord-progression") ? Self.progressionRecords : []
        #expect(
            try await TrainingDataTransferTests.stored(database)
                == (Self.comparisons + (hasPitchMatching ? Self.pitchMatchings : []) + intervals + sung + rhythm
                + progressions).sorted { $0.timestamp < $1.timestamp })

        let settings = try await SQLiteSettingsStore(database: database).loadSettings()
        if shipped.contains("v3-settings") {
            #expect(
                settings
                    == SettingsUpdate(noteRangeLower: 48, noteRangeUpper: 72, referencePitchHz: 442, language: "de"))
        } else {
            #expect(settings == nil)
        }
        // Still writable after the upgrade.
        try await SQLiteTrainingDataStore(database: database).save(
            CompletedComparison(
                note1: MIDINote(50)!, note2: MIDINote(50)!, note2CentOffset: Cents(3), isCorrect: true,
                timestamp: Date()))
        #expect(try await SQLiteTrainingDataStore(database: database).comparisons(limit: 10).count == 4)
    }

    /// v10 rebuilt the Fill the Gap table to let the hit rate be absent: the rows keep their ids (an
    /// answer key still names its record), the spent id of a deleted row is not handed out again, and
    /// a trial without a hit rate can be stored.
    @Test func theRhythmMatchingRebuildKeepsIdsAndTakesATrialWithoutAHitRate() async throws {
        let directory = TemporaryDirectory()
        try FileManager.default.copyItem(
            at: FixtureFiles.url("schemas/v9-rhythm.sqlite"), to: directory.url.appendingPathComponent("peach.sqlite"))
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let keyed = try await store.record(savedUnder: AnswerKey(rawValue: "fixture-v9-key-0001")!)
        let keyedTrial = keyed.flatMap { $0.as(CompletedRhythmMatching.self) }.map(TransferRecord.init)
        #expect(keyedTrial == Self.rhythmRecords[2])

        let imported = CompletedRhythmMatching(
            tempo: TempoBPM(90)!, meanOffsetMs: 12.3, offsetSDMs: nil, hitRate: nil,
            meanOffsetMsByPosition: [10.1, nil, -4, 8.8],
            timestamp: Date(timeIntervalSince1970: 1_800_000_000))
        try await store.save(.rhythmMatching(imported))
        #expect(try await store.records(.rhythmMatching, limit: 10).first == .rhythmMatching(imported))
        let ids = try await database.writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM rhythmMatching ORDER BY id")
        }
        #expect(ids == [1, 2, 4])
        let indexes = try await database.writer.read { db in try db.indexes(on: "rhythmMatching").map(\.name) }
        #expect(indexes == ["rhythmMatching_discipline_timestamp"])
    }
}
