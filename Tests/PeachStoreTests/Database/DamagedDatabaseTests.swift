import Foundation
import GRDB
import Testing
@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// One damaged page: the export says which read failed in one line.
struct DamagedDatabaseTests {
    static let count = 5_000

    /// A database of `count` comparisons whose middle leaf page of the comparison table is garbage.
    static func damaged(in directory: borrowing TemporaryDirectory) async throws -> String {
        let path = directory.databasePath
        let database = try PeachDatabase(path: path)
        let file = directory.url.appendingPathComponent("records.csv").path
        _ = try ExportFile.write(to: file) { each in
            for index in 0..<count {
                try each(TransferRecord(TrainingDataTransferTests.comparison(Double(index % 97) / 4, at: 1_700_000_000_000 + Int64(index) * 1000)))
            }
        }
        _ = try await TrainingDataTransfer(database: database).importRecords(
            try TrainingDataParser.parse(Array(try String(contentsOfFile: file, encoding: .utf8).utf8)), mode: .merge)
        let (page, size) = try await database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let leaves = try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = 'comparison' AND pagetype = 'leaf' ORDER BY pageno")
            return (leaves[leaves.count / 2], try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        try database.writer.close()
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * size))
        try handle.write(contentsOf: Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
        try handle.close()
        return path
    }

    @Test func anExportOfADamagedFileNamesTheFailingReadInOneLine() async throws {
        let directory = TemporaryDirectory()
        let path = try await Self.damaged(in: directory)
        let database = try PeachDatabase(path: path)
        let target = directory.url.appendingPathComponent("export.csv").path
        do {
            _ = try await TrainingDataTransfer(database: database).exportCSV(to: target)
            Issue.record("the export of a damaged file succeeded")
        } catch {
            let message = error.description
            #expect(!message.contains("\n") && message.count < 400, "\(message.count) characters: \(message)")
            #expect(message.hasPrefix("cannot read records: the export's read of the records stopped"), "\(message)")
            #expect(message.contains("SQLite error 11") && message.contains("unreadable: table comparison"), "\(message)")
            #expect(!message.contains("SELECT"), "\(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
