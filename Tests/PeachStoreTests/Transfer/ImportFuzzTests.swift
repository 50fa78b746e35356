import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// Hostile files: random bytes, truncations, byte flips, spliced-in nasties (NaN, infinities,
/// formulas, stray quotes, non-UTF-8 bytes, NUL). Every file either imports whole or is rejected
/// naming a line; the database gains exactly the reported records or nothing.
struct ImportFuzzTests {
    static let nasties: [[UInt8]] =
        [
            "NaN", "-inf", "Infinity", "1e309", "=1+2", "+cmd|' /C calc'!A0", "@SUM(A1)", "\"", "\"\"", ",", "\r", "\n",
            "\u{0}", "-0", "0x10", "1_000", "１２", "9223372036854775808", "2026-02-30T00:00:00Z", "true",
            "pitchMatching",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE9], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF]]

    static func validFile(records: Int, using generator: inout SeededGenerator) throws -> [UInt8] {
        var text = PeachCSVFormat.marker + "\n" + PeachCSVFormat.header + "\n"
        for index in 0..<records {
            let timestamp = MillisecondTimestamp(millisecondsSince1970: 1_700_000_000_000 + Int64(index) * 1_500)
            let note = MIDINote(Int.random(in: 21...108, using: &generator))!
            let tempo = TempoBPM(Int.random(in: TempoBPM.range, using: &generator))!
            let record =
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    TransferRecord(
                        CompletedComparison(
                            note1: note, note2: note,
                            note2CentOffset: Cents(Double.random(in: -100...100, using: &generator)),
                            isCorrect: Bool.random(using: &generator), timestamp: timestamp.date))
                case 1:
                    TransferRecord(
                        CompletedPitchMatching(
                            referenceNote: MIDINote(Int.random(in: 21...108, using: &generator))!,
                            initialCentOffset: Cents(Double.random(in: -100...100, using: &generator)),
                            userCentError: Cents(Double.random(in: -50...50, using: &generator)),
                            timestamp: timestamp.date))
                case 2:
                    TransferRecord(
                        CompletedRhythmComparison(
                            tempo: tempo, offsetPercent: Double.random(in: -20...20, using: &generator),
                            isCorrect: Bool.random(using: &generator), timestamp: timestamp.date))
                default:
                    TransferRecord(
                        CompletedRhythmMatching(
                            tempo: tempo, meanOffsetMs: Double.random(in: -40...40, using: &generator),
                            offsetSDMs: Double.random(in: 0...20, using: &generator),
                            hitRate: Double(Int.random(in: 1...16, using: &generator)) / 16,
                            meanOffsetMsByPosition: (0..<4).map { _ in
                                Bool.random(using: &generator) ? Double.random(in: -40...40, using: &generator) : nil
                            }, timestamp: timestamp.date))
                }
            text += try PeachCSVFormat.row(record) + "\n"
        }
        return Array(text.utf8)
    }

    static func mutate(_ file: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = file
        let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
        case 1:
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
        case 2:
            let nasty = nasties.randomElement(using: &generator)!
            bytes.insert(contentsOf: nasty, at: Int.random(in: 0...bytes.count, using: &generator))
        case 3:
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let end = min(bytes.count, start + Int.random(in: 0...40, using: &generator))
            bytes.replaceSubrange(start..<end, with: nasties.randomElement(using: &generator)!)
        case 4:
            bytes = (0..<Int.random(in: 0...2_000, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
        case 5:
            // Cut at a line end: what a copy interrupted between rows leaves.
            bytes = Array(bytes.prefix(lineEnds.randomElement(using: &generator)! + 1))
        default:
            // Rows repeated: duplicates within the file and of what earlier rounds stored.
            let cut = lineEnds[Int.random(in: 1..<lineEnds.count, using: &generator)] + 1
            bytes += bytes[lineEnds[1] + 1..<cut]
        }
        return bytes
    }

    @Test func everyMutatedFileImportsWholeOrNotAtAll() async throws {
        var generator = SeededGenerator(seed: 8)
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let transfer = TrainingDataTransfer(database: database)
        var rejected = 0
        var imported = 0
        for round in 0..<400 {
            let original = try Self.validFile(records: Int.random(in: 1...30, using: &generator), using: &generator)
            let file = Self.mutate(original, using: &generator)
            let lines = file.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
            let before = try await TrainingDataTransferTests.stored(database).count
            do {
                let parsed = try TrainingDataParser.parse(file)
                let summary = try await transfer.importRecords(parsed, mode: .merge)
                let after = try await TrainingDataTransferTests.stored(database).count
                #expect(after == before + summary.imported, "round \(round)")
                #expect(summary.imported + summary.duplicatesSkipped == parsed.records.count)
                imported += 1
            } catch let error as ImportError {
                #expect((1...lines + 1).contains(error.line), "round \(round): \(error)")
                #expect(!error.reason.isEmpty)
                #expect(try await TrainingDataTransferTests.stored(database).count == before)
                rejected += 1
            }
        }
        // Both outcomes must actually occur, or the mutations are not exercising anything.
        #expect(rejected > 100 && imported > 20, "rejected \(rejected), imported \(imported)")
    }

    @Test func aHugeFileOfValidRowsImportsInFull() async throws {
        var generator = SeededGenerator(seed: 9)
        let file = try Self.validFile(records: 200_000, using: &generator)
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let parsed = try TrainingDataParser.parse(file)
        let summary = try await TrainingDataTransfer(database: database).importRecords(parsed, mode: .replace)
        #expect(summary.imported == 200_000)
        let (csv, count) = try await TrainingDataTransferTests.export(database)
        #expect(count == 200_000)
        #expect(Array(csv) == file)
    }
}
