import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

/// From format 9 on a Chord Progressions row keeps each chord's inversion as played; a format 8 file,
/// written before, still reads, its inversions not known.
struct ProgressionRecordsFileTests {
    static func file(version: Int, _ rows: [[String: String]]) -> String {
        let columns = PeachCSVFormat.columns(version: version)
        return PeachCSVFormat.markerPrefix + "\(version)\n" + columns.joined(separator: ",") + "\n"
            + rows.map { row in columns.map { row[$0] ?? "" }.joined(separator: ",") + "\n" }.joined()
    }

    /// I–V–vi in G major, as the bass line plays it: the V over its third (V⁶); vi named IV.
    static func row(inversions: String?) -> [String: String] {
        var row = [
            "discipline": "chordProgression", "timestamp": "2026-12-01T09:00:00.250Z", "interval": "P1",
            "direction": "up", "tuningSystem": "justIntonation", "tonicNote": "43", "mode": "major",
            "progression": "I V vi", "answer": "I V IV", "correctChords": "2", "isCorrect": "false",
        ]
        row["inversions"] = inversions
        return row
    }

    static func record(inversions: ChordInversions?) -> CompletedChordProgression {
        CompletedChordProgression(
            tonicNote: MIDINote(43)!, mode: .major, progression: Progression([.one, .five, .six]),
            answer: Progression([.one, .five, .four]), inversions: inversions, tuningSystem: .justIntonation,
            timestamp: MillisecondTimestamp(iso8601: "2026-12-01T09:00:00.250Z")!.date)
    }

    @Test func aRowKeepsEachChordsInversionThroughAFile() throws {
        let inverted = Self.record(inversions: ChordInversions([0, 1, 0]))
        let written =
            PeachCSVFormat.marker + "\n" + PeachCSVFormat.header + "\n"
            + (try PeachCSVFormat.row(TransferRecord(inverted))) + "\n"
        #expect(written == Self.file(version: 9, [Self.row(inversions: "0 1 0")]))
        let parsed = try TrainingDataParser.parse(Array(written.utf8))
        #expect(parsed.format == "Peach records format 9")
        #expect(parsed.records == [TransferRecord(inverted)])
        #expect(parsed.records[0].trainingRecord.as(CompletedChordProgression.self)?.chordNames == ["I", "V⁶", "vi"])
    }

    /// A version 8 file has no inversions column; a version 9 row with the cell empty is an answer
    /// stored before records kept them (the database's migration leaves those NULL). Either reads as
    /// not known, and so is written back.
    @Test(arguments: [8, 9])
    func aRowWithoutInversionsReadsAsNotKnown(version: Int) throws {
        let parsed = try TrainingDataParser.parse(Array(Self.file(version: version, [Self.row(inversions: nil)]).utf8))
        #expect(parsed.format == "Peach records format \(version)")
        #expect(parsed.records == [TransferRecord(Self.record(inversions: nil))])
        #expect(parsed.records[0].trainingRecord.as(CompletedChordProgression.self)?.chordNames == ["I", "V", "vi"])
        #expect(try PeachCSVFormat.row(parsed.records[0]).hasSuffix(",I V vi,,2"))
    }

    @Test(arguments: [
        ("0 1", "inversions '0 1' must have one inversion for each chord of progression"),
        ("0 3 0", "inversions '0 3 0' must be an inversion each chord has: V has none beyond 2"),
        ("0 1 x", "inversions '0 1 x' is not inversions 0–3"),
        ("0  1 0", "inversions '0  1 0' is not inversions 0–3"),
        ("first", "inversions 'first' is not inversions 0–3"),
    ])
    func aBadInversionRejectsTheWholeFileNamingItsLine(inversions: String, reason: String) throws {
        let text = Self.file(version: 9, [Self.row(inversions: "0 1 0"), Self.row(inversions: inversions)])
        let error = try #require(throws: ImportError.self) { try TrainingDataParser.parse(Array(text.utf8)) }
        #expect(error.line == 4 && error.reason.hasPrefix(reason), "\(error)")
    }

    @Test func anotherKindsRowHasNoInversions() throws {
        let comparison = [
            "discipline": "pitchComparison", "timestamp": "2026-12-01T09:00:00.000Z", "interval": "P1",
            "direction": "up", "tuningSystem": "equalTemperament", "note1": "60", "note2": "60",
            "note2CentOffset": "5", "isCorrect": "true", "inversions": "0",
        ]
        let text = Self.file(version: 9, [comparison])
        #expect(throws: ImportError(line: 3, "inversions '0' must be empty in a pitchComparison row")) {
            try TrainingDataParser.parse(Array(text.utf8))
        }
    }
}
