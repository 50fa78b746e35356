import Foundation
import GRDB
import Testing

@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// A record's time is read from the bytes Peach stores, with SQLite's julianday() for any other form:
/// both must give the same millisecond.
struct RecordTableTimestampTests {
    /// `RecordTable.timestamp` and julianday() on one stored value.
    private func read(_ value: DatabaseValue, _ db: Database) throws -> (read: MillisecondTimestamp, julianday: Double?)
    {
        let statement = try db.makeStatement(sql: "SELECT ?, (julianday(?) - 2440587.5) * 86400.0")
        let rows = try Row.fetchCursor(statement, arguments: [value, value])
        _ = try #require(try rows.next())
        let julianday = DatabaseValue(sqliteStatement: statement.sqliteStatement, index: 1)
        return (try RecordTable.timestamp(statement, column: 0, db), Double.fromDatabaseValue(julianday))
    }

    @Test func peachsStoredTimesReadAsJuliandayReadsThem() throws {
        let queue = try DatabaseQueue()
        var random = SystemRandomNumberGenerator()
        try queue.read { db in
            for _ in 0..<2000 {
                // 1970 to 2100, any millisecond.
                let stored = MillisecondTimestamp(
                    millisecondsSince1970: Int64.random(in: 0..<4_102_444_800_000, using: &random))
                let (read, julianday) = try read(stored.storageText.databaseValue, db)
                #expect(read == stored)
                #expect(
                    read == MillisecondTimestamp(Date(timeIntervalSince1970: try #require(julianday))),
                    "\(stored.storageText)")
            }
        }
    }

    @Test(arguments: [
        "2024-03-03T18:00", "2024-03-03 18:00:07.2", "2023-02-29 10:00:00.000", "2024-03-03 18:00:07.123456",
        "2024-03-03",
    ])
    func anotherFormIsReadByJulianday(text: String) throws {
        try DatabaseQueue().read { db in
            let (read, julianday) = try read(text.databaseValue, db)
            #expect(read == MillisecondTimestamp(Date(timeIntervalSince1970: try #require(julianday))))
        }
    }

    @Test func aJulianDayNumberIsReadAsSQLiteReadsIt() throws {
        let moment = try DatabaseQueue().read { db in try read(2_460_373.25.databaseValue, db).read }
        #expect(moment.storageText == "2024-03-03 18:00:00.000")
    }

    @Test(arguments: ["not a time", "", "2024-13-45 99:00:00"])
    func anUnreadableTimeIsAnErrorNot1970(text: String) throws {
        try DatabaseQueue().read { db in
            #expect(throws: DataStoreError.self) { try read(text.databaseValue, db) }
            #expect(throws: DataStoreError.self) { try read(.null, db) }
        }
    }
}
