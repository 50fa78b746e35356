import Foundation
import GRDB
import PeachCore

/// Settings as one JSON row: new fields need no migration, and unknown or missing ones fall back
/// to their defaults when the row is applied.
public struct SQLiteSettingsStore: SettingsStore {
    private let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    public func loadSettings() async throws(DataStoreError) -> SettingsUpdate? {
        do {
            let json = try await database.writer.read { db in
                try String.fetchOne(db, sql: "SELECT json FROM settings WHERE id = 1")
            }
            return try json.map { try JSONDecoder().decode(SettingsUpdate.self, from: Data($0.utf8)) }
        } catch {
            throw .fetchFailed("settings: \(error)")
        }
    }

    public func save(_ settings: PeachSettings) async throws(DataStoreError) {
        do {
            let json = String(decoding: try JSONEncoder().encode(SettingsUpdate(settings)), as: UTF8.self)
            try await database.writer.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO settings (id, json) VALUES (1, ?)", arguments: [json])
            }
        } catch {
            throw .saveFailed("settings: \(error)")
        }
    }
}
