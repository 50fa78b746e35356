import Foundation
import Testing

@testable import PeachCore

/// A record read back from its row: the plain numbers a note and a cent offset are stored as become
/// the domain values, and a note outside MIDI is refused, not trusted.
struct RecordRowTests {
    let labels = RecordLabels(discipline: .pitchComparison)
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aComparisonRowReadsBackAsTheRecordItWasWrittenFrom() throws {
        let written = CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(67)!, note2CentOffset: Cents(-12.5), isCorrect: true, timestamp: now)
        let row = try RecordRow.values(of: written)
        #expect(row == [.integer(60), .integer(67), .real(-12.5), .bool(true)])
        #expect(
            try RecordRow.record(CompletedComparison.self, timestamp: now, labels: labels, from: ColumnValues(row))
                == written)
    }

    @Test func aStoredNoteOutsideMIDIIsRefusedWithItsNumberAndField() {
        let row: [ColumnValue] = [.integer(60), .integer(128), .real(3), .bool(false)]
        #expect {
            try RecordRow.record(CompletedComparison.self, timestamp: now, labels: labels, from: ColumnValues(row))
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
            return context.debugDescription == "MIDI note 128 is outside 0...127"
                && context.codingPath.map(\.stringValue) == ["note2"]
        }
    }

    @Test func aNoteInJSONIsCheckedAsInARow() throws {
        let decoded = try JSONDecoder().decode([MIDINote].self, from: Data("[0, 127]".utf8))
        #expect(decoded == [MIDINote(0)!, MIDINote(127)!])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([MIDINote].self, from: Data("[-1]".utf8)) }
    }
}
