import Foundation
import PeachCore
import PostgresNIO

/// Settings as one JSON row, as in SQLite: new fields need no migration.
public struct PostgresSettingsStore: SettingsStore {
    private let database: PostgresPeachDatabase

    public init(database: PostgresPeachDatabase) { self.database = database }

    public func loadSettings() async throws(DataStoreError) -> SettingsUpdate? {
        let json: String?
        do {
            json = try await database.client.withConnection { connection in
                for try await json in try await connection.query(
                    "SELECT json FROM settings WHERE id = 1", logger: database.logger
                ).decode(String.self) { return json }
                return nil
            }
        } catch {
            throw .fetchFailed("settings: \(PostgresPeachDatabase.describe(error))")
        }
        do {
            return try json.map { try JSONDecoder().decode(SettingsUpdate.self, from: Data($0.utf8)) }
        } catch {
            throw .fetchFailed("settings: \(error)")
        }
    }

    public func save(_ settings: PeachSettings) async throws(DataStoreError) {
        let json: String
        do {
            json = String(decoding: try JSONEncoder().encode(SettingsUpdate(settings)), as: UTF8.self)
        } catch {
            throw .saveFailed("settings: \(error)")
        }
        let logger = database.logger
        try await database.transaction(failure: { .saveFailed("settings: \(PostgresPeachDatabase.describe($0))") }) { connection in
            try await connection.query(
                "INSERT INTO settings (id, json) VALUES (1, \(json)) ON CONFLICT (id) DO UPDATE SET json = excluded.json",
                logger: logger)
        }
    }
}
