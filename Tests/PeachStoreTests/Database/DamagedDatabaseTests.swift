import Foundation
import GRDB
import Testing

@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// One damaged page: the export says which read failed in one line, and `DatabaseRecovery` saves
/// every row it can still read into a new file that Peach opens.
struct DamagedDatabaseTests {
    static let count = 5_000

    /// A database of `count` comparisons whose middle leaf page of the comparison table is garbage.
    static func damaged(in directory: borrowing TemporaryDirectory) async throws -> String {
        let path = directory.databasePath
        let database = try PeachDatabase(path: path)
        let file = directory.url.appendingPathComponent("records.csv").path
        _ = try ExportFile.write(to: file) { each in
            for index in 0..<count {
                try each(
                    TransferRecord(
                        TrainingDataTransferTests.comparison(
                            Double(index % 97) / 4, at: 1_700_000_000_000 + Int64(index) * 1000)))
            }
        }
        _ = try await TrainingDataTransfer(database: database).importRecords(
            try TrainingDataParser.parse(Array(try String(contentsOfFile: file, encoding: .utf8).utf8)), mode: .merge)
        let (page, size) = try await database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let leaves = try Int.fetchAll(
                db, sql: "SELECT pageno FROM dbstat WHERE name = 'comparison' AND pagetype = 'leaf' ORDER BY pageno")
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
            #expect(
                message.contains("SQLite error 11") && message.contains("unreadable: table comparison"), "\(message)")
            #expect(!message.contains("SELECT"), "\(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func theRecoverySavesEveryReadableRowIntoANewFile() async throws {
        let directory = TemporaryDirectory()
        let path = try await Self.damaged(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let target = directory.url.appendingPathComponent("recovered.sqlite").path
        let report = try DatabaseRecovery.recover(from: path, to: target)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the damaged file is only read")

        let comparisons = try #require(report.tables.first { $0.table == "comparison" })
        #expect(comparisons.lost.count == 1, "\(report)")
        let lost = try #require(comparisons.lost.first)
        // One leaf page: some dozens of rows, and every other row saved.
        #expect(lost.count > 10 && lost.count < 200, "\(report)")
        #expect(comparisons.copied == Self.count - lost.count, "\(report)")
        #expect(report.lostAnything)
        #expect(
            report.description.contains(
                "comparison: \(comparisons.copied) rows saved; lost: rowids \(lost.lowerBound)–\(lost.upperBound)"))

        // The new file is a Peach database at the current schema, with the saved rows in order.
        let recovered = try PeachDatabase(path: target)
        #expect(try await SQLiteTrainingDataStore(database: recovered).recordCount() == comparisons.copied)
        let exported = try await TrainingDataTransferTests.export(recovered)
        #expect(exported.records == comparisons.copied)

        // Never over an existing file.
        #expect(throws: DataStoreError.self) { try DatabaseRecovery.recover(from: path, to: target) }
    }

    @Test func anIntactFileIsSavedWhole() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        for index in 0..<20 {
            try await SQLiteTrainingDataStore(database: database).save(
                .comparison(TrainingDataTransferTests.comparison(Double(index), at: 1_700_000_000_000 + Int64(index))))
        }
        try database.writer.close()
        let target = directory.url.appendingPathComponent("copy.sqlite").path
        let report = try DatabaseRecovery.recover(from: directory.databasePath, to: target)
        #expect(!report.lostAnything, "\(report)")
        #expect(report.tables.first { $0.table == "comparison" }?.copied == 20)
        #expect(try await SQLiteTrainingDataStore(database: try PeachDatabase(path: target)).recordCount() == 20)
    }
}
