import Foundation
import PostgresNIO
import Testing

@testable import PeachCore
@testable import PeachPostgres

struct PostgresMigrationTests {
    @Test func aNewDatabaseGetsEveryMigrationOnceAndInOrder() async throws {
        let database = PostgresPeachDatabase(try await TestPostgres.freshDatabase())
        #expect(try await database.appliedVersions() == [])
        #expect(try await database.migrate() == PostgresMigrations.all.map(\.name))
        #expect(try await database.migrate() == [])
        #expect(try await database.appliedVersions() == PostgresMigrations.all.map(\.version))
        await database.close()
    }

    /// Instances starting together: the advisory lock lets one migrate, the others find it done.
    @Test func concurrentMigrationsApplyEachVersionOnce() async throws {
        let location = try await TestPostgres.freshDatabase()
        let applied = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let database = PostgresPeachDatabase(location)
                    defer { Task { await database.close() } }
                    return try await database.migrate()
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(applied == PostgresMigrations.all.map(\.name))
    }

    /// A database migrated by a newer Peach is refused before anything is read or written.
    @Test func aNewerSchemaIsRefused() async throws {
        let location = try await TestPostgres.freshDatabase()
        let database = try await PostgresPeachDatabase.open(location)
        let newer = PostgresMigrations.latestVersion + 1
        for try await _ in try await database.client.query(
            "INSERT INTO schema_migrations (version, name) VALUES (\(newer), 'from-the-future')")
        {}
        let error = await #expect(throws: DataStoreError.self) { try await PostgresPeachDatabase.open(location) }
        #expect(
            error?.description.contains(
                "schema is version \(newer), newer than this Peach knows (\(PostgresMigrations.latestVersion))") == true
        )
        #expect(try await database.appliedVersions() == PostgresMigrations.all.map(\.version) + [newer])
        await database.close()
    }

    @Test func anUnreachableServerIsAnOpenError() async throws {
        let location = PostgresLocation(
            host: "127.0.0.1", port: 1, username: "peach", password: nil, database: "peach", tls: .disable)
        let error = await #expect(throws: DataStoreError.self) { try await PostgresPeachDatabase.open(location) }
        #expect(
            error?.description.hasPrefix("cannot open the training database at postgres://peach@127.0.0.1:1/peach")
                == true)
    }
}
