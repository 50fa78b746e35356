import Foundation
import Testing

@testable import PeachCore
@testable import PeachPostgres

struct PostgresLocationTests {
    @Test func everyPartComesFromTheURL() throws {
        let location = try PostgresLocation(
            url: "postgres://ann:s%40cret@db.example:6543/peach?sslmode=require",
            environment: [
                "PGUSER": "bob", "PGPASSWORD": "other", "PGHOST": "elsewhere", "PGPORT": "1", "PGDATABASE": "x",
            ])
        #expect(
            location
                == PostgresLocation(
                    host: "db.example", port: 6543, username: "ann", password: "s@cret", database: "peach",
                    tls: .require))
        #expect(location.description == "postgres://ann@db.example:6543/peach")
    }

    @Test func whatTheURLLeavesOutComesFromThePGVariables() throws {
        let location = try PostgresLocation(
            url: "postgresql://",
            environment: [
                "PGUSER": "bob", "PGPASSWORD": "pw", "PGHOST": "10.0.0.5", "PGPORT": "5433", "PGDATABASE": "school",
                "PGSSLMODE": "verify-full",
            ])
        #expect(
            location
                == PostgresLocation(
                    host: "10.0.0.5", port: 5433, username: "bob", password: "pw", database: "school", tls: .verifyFull)
        )
    }

    @Test func libpqDefaultsFillTheRest() throws {
        let location = try PostgresLocation(url: "postgres://ann@localhost", environment: [:])
        #expect(
            location
                == PostgresLocation(
                    host: "localhost", port: 5432, username: "ann", password: nil, database: "ann", tls: .prefer))
    }

    @Test func aRootCertificateIsTrustedForVerificationAndMakesRequireVerifyTheChain() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("peach-root-\(UUID().uuidString).pem")
        try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let full = try PostgresLocation(
            url: "postgres://ann@h/db?sslmode=verify-full&sslrootcert=\(file.path)", environment: [:])
        #expect(full.tls == .verifyFull && full.rootCertificateFile == file.path)
        let required = try PostgresLocation(
            url: "postgres://ann@h/db?sslmode=require", environment: ["PGSSLROOTCERT": file.path])
        #expect(required.tls == .verifyCA && required.rootCertificateFile == file.path)
        // prefer checks no certificate, so a root file set for other tools changes nothing.
        let preferred = try PostgresLocation(
            url: "postgres://ann@h/db", environment: ["PGSSLROOTCERT": "/no/such/file.pem"])
        #expect(preferred.tls == .prefer && preferred.rootCertificateFile == nil)
    }

    @Test(arguments: [
        (
            "postgres://ann@h/db?sslmode=verify-full&sslrootcert=/no/such/ca.pem",
            "sslrootcert '/no/such/ca.pem' is not a readable file"
        ),
        ("postgres://ann@h/db?sslmode=maybe", "sslmode 'maybe'"),
        ("postgres://ann@h/db?timeout=3", "unknown parameter 'timeout'"),
        ("mysql://ann@h/db", "not a postgres://"),
        ("postgres://h/db", "no user"),
    ])
    func badAddressesAreRefusedClearly(url: String, message: String) {
        let error = #expect(throws: DataStoreError.self) { try PostgresLocation(url: url, environment: [:]) }
        #expect(error?.description.contains(message) == true)
    }

    @Test func aPasswordNeverAppearsInAnError() {
        let error = #expect(throws: DataStoreError.self) {
            try PostgresLocation(url: "postgres://ann:hunter2@h/db?sslmode=nope", environment: [:])
        }
        #expect(error?.description.contains("hunter2") == false)
    }
}
