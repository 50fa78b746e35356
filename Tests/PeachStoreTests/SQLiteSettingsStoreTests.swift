import Testing

@testable import PeachCore
@testable import PeachStore

struct SQLiteSettingsStoreTests {
    @Test func nothingSavedMeansNil() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteSettingsStore(database: try PeachDatabase(path: directory.databasePath))
        #expect(try await store.loadSettings() == nil)
    }

    @Test func savedSettingsSurviveReopening() async throws {
        let directory = TemporaryDirectory()
        let settings = try PeachSettings.default.applying(
            SettingsUpdate(noteRangeLower: 50, referencePitchHz: 442, language: "de"))
        try await SQLiteSettingsStore(database: try PeachDatabase(path: directory.databasePath)).save(settings)
        try await SQLiteSettingsStore(database: try PeachDatabase(path: directory.databasePath)).save(settings)
        let reopened = SQLiteSettingsStore(database: try PeachDatabase(path: directory.databasePath))
        let loaded = try #require(try await reopened.loadSettings())
        #expect(try PeachSettings.default.applying(loaded) == settings)
    }
}
