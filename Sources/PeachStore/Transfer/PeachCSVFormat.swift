/// Peach's own CSV format, version 1: what `peach export` and `GET /api/export` write. Documented
/// column by column in docs/data-format.md; a change of columns or meaning is a new version.
enum PeachCSVFormat {
    static let markerPrefix = "# peach-records-format:"
    static let version = 1
    static var marker: String { markerPrefix + String(version) }

    static let columns = [
        "kind", "timestamp", "note1", "note2", "note2CentOffset", "isCorrect",
        "referenceNote", "initialCentOffset", "userCentError",
    ]
    private static let comparisonColumns = ["note1", "note2", "note2CentOffset", "isCorrect"]
    private static let pitchMatchingColumns = ["referenceNote", "initialCentOffset", "userCentError"]

    static var header: String { columns.map(CSVWriter.text).joined(separator: ",") }

    static func row(_ record: TransferRecord) -> String {
        let cells: [String]
        switch record.fields {
        case let .comparison(note1, note2, offset, isCorrect):
            cells = [
                CSVWriter.text(TransferRecord.Kind.comparison.rawValue), CSVWriter.text(record.timestamp.iso8601),
                CSVWriter.integer(note1.rawValue), CSVWriter.integer(note2.rawValue), CSVWriter.number(offset.rawValue),
                CSVWriter.boolean(isCorrect), "", "", "",
            ]
        case let .pitchMatching(note, initialOffset, error):
            cells = [
                CSVWriter.text(TransferRecord.Kind.pitchMatching.rawValue), CSVWriter.text(record.timestamp.iso8601),
                "", "", "", "",
                CSVWriter.integer(note.rawValue), CSVWriter.number(initialOffset.rawValue), CSVWriter.number(error.rawValue),
            ]
        }
        return cells.joined(separator: ",")
    }

    /// The header must name exactly our columns (in any order): a missing or unknown column means
    /// the file is not what its first line claims.
    static func checkHeader(_ columns: [String: Int], line: Int) throws(ImportError) {
        if let unknown = columns.keys.sorted().first(where: { !Self.columns.contains($0) }) {
            throw ImportError(line: line, "unknown column '\(unknown)'; the columns are \(Self.columns.joined(separator: ","))")
        }
        if let missing = Self.columns.first(where: { columns[$0] == nil }) {
            throw ImportError(line: line, "the header lacks column '\(missing)'")
        }
    }

    static func record(_ reader: FieldReader) throws(ImportError) -> TransferRecord {
        let timestamp = try reader.timestamp("timestamp")
        switch TransferRecord.Kind(rawValue: reader.text("kind")) {
        case .comparison:
            try reader.requireEmpty(pitchMatchingColumns, for: "comparison")
            return TransferRecord(timestamp: timestamp, fields: .comparison(
                note1: try reader.midiNote("note1"), note2: try reader.midiNote("note2"),
                note2CentOffset: try reader.cents("note2CentOffset"), isCorrect: try reader.boolean("isCorrect")))
        case .pitchMatching:
            try reader.requireEmpty(comparisonColumns, for: "pitchMatching")
            return TransferRecord(timestamp: timestamp, fields: .pitchMatching(
                referenceNote: try reader.midiNote("referenceNote"),
                initialCentOffset: try reader.cents("initialCentOffset"),
                userCentError: try reader.cents("userCentError")))
        case nil:
            throw reader.fail("kind", "is not comparison or pitchMatching")
        }
    }
}
