import Foundation
import PostgresNIO
import Testing

@testable import PeachCore
@testable import PeachPostgres

/// A store call ends by its deadline whatever the server does: it fails (never succeeds; the query
/// would have succeeded two minutes later), what it wrote is not kept, and the pool serves the next
/// call.
struct PostgresDeadlineTests {
    @Test func aTransactionPastItsDeadlineFailsThenAndKeepsNothing() async throws {
        let database = try await PostgresPeachDatabase.open(try await TestPostgres.freshDatabase())
        await #expect(throws: DataStoreError.saveFailed("PostgreSQL did not answer within 1 s")) {
            try await database.transaction(deadline: .seconds(1)) { connection in
                try await connection.query(
                    "CREATE TABLE written_before_the_deadline (x integer)", logger: database.logger)
                try await connection.query("SELECT pg_sleep(120)", logger: database.logger)
            }
        }
        let table = try await database.withConnection { connection in
            for try await name in try await connection.query(
                "SELECT to_regclass('written_before_the_deadline')::text", logger: database.logger
            ).decode(String?.self) { return name }
            return nil
        }
        #expect(table == nil)
    }
}
