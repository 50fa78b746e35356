/// The CSV exported by the original Peach app for iPhone and iPad, formats 1 to 3 (first line
/// `# peach-export-format:N`). Columns are found by name, so their order and any extra columns do
/// not matter. The mapping and what is assumed about it are in docs/data-format.md.
enum IPhoneCSVFormat {
    static let markerPrefix = "# peach-export-format:"
    static let versions = 1...3
    static let requiredColumns = ["trainingType", "timestamp"]

    enum Row {
        case record(TransferRecord)
        case skipped(SkipReason)
    }

    enum SkipReason: CaseIterable {
        case rhythm
        case interval

        var explanation: String {
            switch self {
            case .rhythm: "rhythm training rows (this Peach has no rhythm training; they were left out)"
            case .interval: "interval rows (this Peach trains unison only; they were left out)"
            }
        }
    }

    /// Format 1 called pitch discrimination `pitchComparison`; format 2 renamed it, and format 3
    /// renamed `rhythmMatching` to `continuousRhythmMatching`.
    private static let discrimination: Set<String> = ["pitchDiscrimination", "pitchComparison"]
    private static let matching = "pitchMatching"
    private static let rhythm: Set<String> = [
        "rhythmOffsetDetection", "rhythmMatching", "continuousRhythmMatching", "timingOffsetDetection",
    ]

    static func checkHeader(_ columns: [String: Int], line: Int) throws(ImportError) {
        if let missing = requiredColumns.first(where: { columns[$0] == nil }) {
            throw ImportError(line: line, "the header lacks column '\(missing)'")
        }
    }

    static func row(_ reader: FieldReader) throws(ImportError) -> Row {
        let type = reader.text("trainingType")
        let timestamp = try reader.timestamp("timestamp")
        if rhythm.contains(type) { return .skipped(.rhythm) }
        guard discrimination.contains(type) || type == matching else {
            let known = (discrimination.union(rhythm).union([matching])).sorted().joined(separator: ", ")
            throw reader.fail("trainingType", "is not one of \(known)")
        }
        let reference = try reader.midiNote("referenceNote")
        let target = try reader.midiNote("targetNote")
        let interval = reader.text("interval")
        // The target note is what makes a row an interval row; the abbreviation must agree with it.
        if target != reference {
            guard interval != "P1" else {
                throw reader.fail("interval", "says unison but targetNote \(target.rawValue) differs from referenceNote \(reference.rawValue)")
            }
            return .skipped(.interval)
        }
        guard interval.isEmpty || interval == "P1" else {
            throw reader.fail("interval", "is not unison (P1) but targetNote equals referenceNote")
        }
        if type == matching {
            return .record(TransferRecord(timestamp: timestamp, fields: .pitchMatching(
                referenceNote: reference, initialCentOffset: try reader.cents("initialCentOffset"),
                userCentError: try reader.cents("userCentError"))))
        }
        return .record(TransferRecord(timestamp: timestamp, fields: .comparison(
            note1: reference, note2: target, note2CentOffset: try reader.cents("centOffset"),
            isCorrect: try reader.boolean("isCorrect"))))
    }
}
