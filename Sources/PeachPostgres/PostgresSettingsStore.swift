import Foundation
import PeachCore
import PostgresNIO

/// Settings as one JSON row per user, as in SQLite: new fields need no migration.
public struct PostgresSettingsStore: SettingsStore {
    private let records: PostgresTrainingDataStore

    /// The settings of the user whose records `records` holds.
    public init(records: PostgresTrainingDataStore) { self.records = records }

    private var database: PostgresPeachDatabase { records.database }

    public func loadSettings() async throws(DataStoreError) -> SettingsUpdate? {
        let json: String?
        do {
            json = try await database.withConnection { connection in
                for try await json in try await connection.query(
                    "SELECT json FROM user_settings WHERE user_id = \(records.user.rawValue)", logger: database.logger
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
        try await database.transaction(failure: { .saveFailed("settings: \(PostgresPeachDatabase.describe($0))") }) {
            connection in
            try await connection.query(
                """
                INSERT INTO user_settings (user_id, json) VALUES (\(records.user.rawValue), \(json))
                ON CONFLICT (user_id) DO UPDATE SET json = excluded.json
                """, logger: logger)
            try await records.advanceRevision(connection, logger: logger)
        }
    }
}
