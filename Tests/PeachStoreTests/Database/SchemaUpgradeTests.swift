import Foundation
import GRDB
import Testing
@testable import PeachCore
@testable import PeachStore

/// Every released schema opens with the current code and keeps every record.
struct SchemaUpgradeTests {
    static let comparisons = [
        (60, 60, 100.0, true, "2026-01-05T18:00:00.000Z"),
        (60, 60, -95.0, false, "2026-01-05T18:00:02.517Z"),
        (72, 72, 0.1, true, "2026-01-06T07:30:59.999Z"),
    ].map { note1, note2, offset, correct, time in
        TransferRecord(timestamp: MillisecondTimestamp(iso8601: time)!, fields: .comparison(
            note1: MIDINote(note1)!, note2: MIDINote(note2)!, note2CentOffset: Cents(offset), isCorrect: correct))
    }

    static let pitchMatchings = [
        (69, 37.5, -4.25, "2026-01-07T12:00:00.001Z"),
        (45, -88.0, 12.0, "2026-01-07T12:00:05.000Z"),
    ].map { note, initial, error, time in
        TransferRecord(timestamp: MillisecondTimestamp(iso8601: time)!, fields: .pitchMatching(
            referenceNote: MIDINote(note)!, initialCentOffset: Cents(initial), userCentError: Cents(error)))
    }

    static let migrations = PeachDatabase.migrator.migrations

    /// Every schema older than the current one needs a fixture; so does the current one once it ships.
    @Test func everyOlderSchemaHasAFixture() {
        for name in Self.migrations.dropLast() {
            #expect(FileManager.default.fileExists(atPath: FixtureFiles.url("schemas/\(name).sqlite").path), "no fixture for \(name)")
        }
    }

    @Test(arguments: ["v1-comparisons", "v2-pitch-matching", "v3-settings"])
    func aFixtureOpensUpgradedWithEveryRecordIntact(schema: String) async throws {
        let directory = TemporaryDirectory()
        try FileManager.default.copyItem(at: FixtureFiles.url("schemas/\(schema).sqlite"), to: directory.url.appendingPathComponent("peach.sqlite"))
        let shipped = Array(Self.migrations.prefix { $0 != schema }) + [schema]
        let before = try await DatabaseQueue(path: directory.databasePath).read { db in try PeachDatabase.migrator.appliedMigrations(db) }
        #expect(before == shipped, "the fixture is not the schema it is named after")

        let database = try PeachDatabase(path: directory.databasePath)
        #expect(try database.appliedMigrations() == Self.migrations)
        let hasPitchMatching = shipped.contains("v2-pitch-matching")
        #expect(try await TrainingDataTransferTests.stored(database) == (Self.comparisons + (hasPitchMatching ? Self.pitchMatchings : [])))

        let settings = try await SQLiteSettingsStore(database: database).loadSettings()
        if shipped.contains("v3-settings") {
            #expect(settings == SettingsUpdate(noteRangeLower: 48, noteRangeUpper: 72, referencePitchHz: 442, language: "de"))
        } else {
            #expect(settings == nil)
        }
        // Still writable after the upgrade.
        try await SQLiteTrainingDataStore(database: database).save(CompletedComparison(
            note1: MIDINote(50)!, note2: MIDINote(50)!, note2CentOffset: Cents(3), isCorrect: true, timestamp: Date()))
        #expect(try await SQLiteTrainingDataStore(database: database).comparisons(limit: 10).count == 4)
    }
}
