import Foundation
import PostgresNIO

@testable import PeachCore
@testable import PeachPostgres

/// The test process's one PostgreSQL cluster, started on first use by scripts/test-postgres.sh
/// (which stops it when this process ends); every test gets a database of its own, so tests stay
/// parallel and independent while the cluster's start (initdb, about 2–5 s) is paid once.
actor TestPostgres {
    static let shared = TestPostgres()

    private var admin: Task<PostgresPeachDatabase, any Error>?

    /// A new, empty database on the shared cluster, not yet migrated.
    static func freshDatabase() async throws -> PostgresLocation {
        let admin = try await shared.adminDatabase()
        let name = "peach_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        for try await _ in try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)")) {}
        var location = admin.location
        location.database = name
        return location
    }

    /// A migrated database and its store.
    static func freshStore() async throws -> PostgresTrainingDataStore {
        PostgresTrainingDataStore(database: try await PostgresPeachDatabase.open(try await freshDatabase()))
    }

    private func adminDatabase() async throws -> PostgresPeachDatabase {
        if let admin { return try await admin.value }
        let task = Task {
            let port = try Self.startCluster()
            return PostgresPeachDatabase(
                PostgresLocation(
                    host: "127.0.0.1", port: port, username: "peach", password: nil, database: "postgres", tls: .disable
                ))
        }
        admin = task
        return try await task.value
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/test-postgres.sh")

    /// popen rather than Foundation's Process: waiting on a Process from a task of the test
    /// process's cooperative pool was seen to hang.
    private static func startCluster() throws -> Int {
        guard let pipe = popen("/bin/bash '\(script.path)' \(getpid())", "r") else {
            throw DataStoreError.openFailed(path: script.path, reason: "cannot run it")
        }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil { output += String(cString: buffer) }
        let status = pclose(pipe)
        let text = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, let port = Int(text) else {
            throw DataStoreError.openFailed(path: script.path, reason: "the test cluster did not start (\(text))")
        }
        return port
    }
}
