import Foundation
import PeachCore

/// Peach's own CSV format: what `peach export` and `GET /api/export` write (version 4: the
/// discipline, interval and tuning of every record, the octave of a sung answer, and the rhythm
/// disciplines' fields) and what Peach reads back (versions 1–4).
/// Documented column by column in docs/data-format.md; a change of columns or meaning is a new version.
enum PeachCSVFormat {
    static let markerPrefix = "# peach-records-format:"
    static let version = 4
    static let readableVersions = 1...4
    static var marker: String { markerPrefix + String(version) }

    private static let comparisonColumns = ["note1", "note2", "note2CentOffset", "isCorrect"]
    private static let matchingColumns = ["referenceNote", "initialCentOffset", "userCentError"]
    private static let labelColumns = ["interval", "direction", "tuningSystem"]
    private static let positionColumns = RecordTable.positionFields
    /// Compare Timing's own columns; its `isCorrect` is the comparison column.
    private static let rhythmComparisonColumns = ["offsetPercent", "offsetMs"]
    private static let rhythmMatchingColumns = ["meanOffsetMs", "offsetSDMs", "hitRate"] + positionColumns
    private static let rhythmColumns = ["tempoBPM"] + rhythmComparisonColumns + rhythmMatchingColumns

    /// The columns of each version: version 1 knew unison only and said `kind` where version 2
    /// names the discipline; version 3 adds `sungOctave`, version 4 the rhythm columns.
    static func columns(version: Int) -> [String] {
        switch version {
        case 1: ["kind", "timestamp"] + comparisonColumns + matchingColumns
        case 2: ["discipline", "timestamp"] + labelColumns + comparisonColumns + matchingColumns
        case 3: ["discipline", "timestamp"] + labelColumns + comparisonColumns + matchingColumns + ["sungOctave"]
        default: ["discipline", "timestamp"] + labelColumns + comparisonColumns + matchingColumns + ["sungOctave"] + rhythmColumns
        }
    }

    static var header: String { columns(version: version).map(CSVWriter.text).joined(separator: ",") }

    static func row(_ record: TransferRecord) -> String {
        let labels = [
            CSVWriter.text(record.discipline.rawValue), CSVWriter.text(record.timestamp.iso8601),
            CSVWriter.text(record.interval.interval.rawValue), CSVWriter.text(record.interval.direction.rawValue),
            CSVWriter.text(record.tuningSystem.rawValue),
        ]
        let pitchCells: [String]
        var rhythmCells = Array(repeating: "", count: rhythmColumns.count)
        switch record.fields {
        case let .comparison(note1, note2, offset, isCorrect):
            pitchCells = [
                CSVWriter.integer(note1.rawValue), CSVWriter.integer(note2.rawValue), CSVWriter.number(offset.rawValue),
                CSVWriter.boolean(isCorrect), "", "", "", "",
            ]
        case let .pitchMatching(note, initialOffset, error):
            pitchCells = [
                "", "", "", "",
                CSVWriter.integer(note.rawValue), CSVWriter.number(initialOffset.rawValue), CSVWriter.number(error.rawValue),
                record.sungOctave.map(CSVWriter.integer) ?? "",
            ]
        case let .rhythmComparison(tempo, offsetPercent, isCorrect):
            pitchCells = ["", "", "", CSVWriter.boolean(isCorrect), "", "", "", ""]
            rhythmCells[0] = CSVWriter.integer(tempo.rawValue)
            rhythmCells[1] = CSVWriter.number(offsetPercent)
            rhythmCells[2] = CSVWriter.number(Self.milliseconds(percent: offsetPercent, at: tempo))
        case let .rhythmMatching(tempo, mean, sd, hitRate, positions):
            pitchCells = Array(repeating: "", count: 8)
            rhythmCells = [CSVWriter.integer(tempo.rawValue), "", ""]
                + ([mean, sd, hitRate] + positions).map { $0.map(CSVWriter.number) ?? "" }
        }
        return (labels + pitchCells + rhythmCells).joined(separator: ",")
    }

    /// The header must name exactly the version's columns (in any order): a missing or unknown
    /// column means the file is not what its first line claims.
    static func checkHeader(_ columns: [String: Int], version: Int, line: Int) throws(ImportError) {
        let expected = Self.columns(version: version)
        if let unknown = columns.keys.sorted().first(where: { !expected.contains($0) }) {
            throw ImportError(line: line, "unknown column '\(unknown)'; the columns are \(expected.joined(separator: ","))")
        }
        if let missing = expected.first(where: { columns[$0] == nil }) {
            throw ImportError(line: line, "the header lacks column '\(missing)'")
        }
    }

    /// What a spreadsheet's rounding of `offsetMs` may change.
    private static let millisecondTolerance = 0.01

    private static func milliseconds(percent: Double, at tempo: TempoBPM) -> Double {
        CompletedRhythmComparison(tempo: tempo, offsetPercent: percent, isCorrect: true, timestamp: .distantPast).offsetMs
    }

    private static func isRhythm(_ discipline: Discipline) -> Bool {
        discipline.kind == .rhythmComparison || discipline.kind == .rhythmMatching
    }

    static func record(_ reader: FieldReader, version: Int) throws(ImportError) -> TransferRecord {
        let timestamp = try reader.timestamp("timestamp")
        let discipline: Discipline
        var interval = DirectedInterval.unison
        var tuning = TuningSystem.equalTemperament
        if version == 1 {
            switch TransferRecord.Kind(rawValue: reader.text("kind")) {
            case .comparison: discipline = .pitchComparison
            case .pitchMatching: discipline = .pitchMatching
            case nil: throw reader.fail("kind", "is not comparison or pitchMatching")
            }
        } else {
            guard let named = Discipline(rawValue: reader.text("discipline")) else {
                throw reader.fail("discipline", "is not one of \(Discipline.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            discipline = named
            interval = try reader.interval("interval", direction: "direction")
            guard let system = TuningSystem(rawValue: reader.text("tuningSystem")) else {
                throw reader.fail("tuningSystem", "is not equalTemperament or justIntonation")
            }
            tuning = system
            if !discipline.usesIntervals, interval != .unison {
                throw reader.fail("interval", "must be P1 in a \(discipline) row")
            }
            if isRhythm(discipline), tuning != .equalTemperament {
                throw reader.fail("tuningSystem", "must be equalTemperament in a \(discipline) row")
            }
        }
        // Only a sung answer has an octave, and it always has one (format 3 is the first to hold either).
        var sungOctave: Int?
        if discipline.answerMethod == .voice {
            sungOctave = try reader.octave("sungOctave")
        } else if version >= 3 {
            try reader.requireEmpty(["sungOctave"], for: discipline.rawValue)
        }
        let fields: TransferRecord.Fields
        switch discipline.kind {
        case .comparison:
            try reader.requireEmpty(matchingColumns, for: discipline.rawValue)
            let note1 = try reader.midiNote("note1")
            let note2 = try reader.midiNote("note2")
            // Format 1 never checked note 2 against note 1, and its files must keep reading as they did.
            guard version == 1 || interval.target(from: note1) == note2 else {
                throw reader.fail("note2", "is not \(interval) from note1 \(note1.rawValue)")
            }
            fields = .comparison(
                note1: note1, note2: note2, note2CentOffset: try reader.cents("note2CentOffset"),
                isCorrect: try reader.boolean("isCorrect"))
        case .matching:
            try reader.requireEmpty(comparisonColumns, for: discipline.rawValue)
            let note = try reader.midiNote("referenceNote")
            guard interval.target(from: note) != nil else {
                throw reader.fail("interval", "from referenceNote \(note.rawValue) leaves MIDI 0–127")
            }
            fields = .pitchMatching(
                referenceNote: note, initialCentOffset: try reader.cents("initialCentOffset"),
                userCentError: try reader.cents("userCentError"))
        case .rhythmComparison:
            guard version >= 4 else { throw reader.fail("discipline", "\(discipline) rows are not part of CSV format \(version)") }
            try reader.requireEmpty(["note1", "note2", "note2CentOffset"] + matchingColumns + rhythmMatchingColumns, for: discipline.rawValue)
            let tempo = try reader.tempo("tempoBPM")
            let percent = try reader.number("offsetPercent", within: TransferRecord.percentLimit, "percent of a sixteenth")
            // Written for people reading the file; it must agree with the percent it is derived from.
            let milliseconds = try reader.number("offsetMs", within: TransferRecord.millisecondLimit, "milliseconds")
            guard abs(milliseconds - Self.milliseconds(percent: percent, at: tempo)) <= Self.millisecondTolerance else {
                throw reader.fail("offsetMs", "is not offsetPercent \(percent) of a sixteenth at \(tempo)")
            }
            fields = .rhythmComparison(tempo: tempo, offsetPercent: percent, isCorrect: try reader.boolean("isCorrect"))
        case .rhythmMatching:
            guard version >= 4 else { throw reader.fail("discipline", "\(discipline) rows are not part of CSV format \(version)") }
            try reader.requireEmpty(comparisonColumns + matchingColumns + rhythmComparisonColumns, for: discipline.rawValue)
            let limit = TransferRecord.millisecondLimit
            var positions: [Double?] = []
            for column in positionColumns { positions.append(try reader.optionalNumber(column, within: limit, "milliseconds")) }
            fields = .rhythmMatching(
                tempo: try reader.tempo("tempoBPM"),
                meanOffsetMs: try reader.optionalNumber("meanOffsetMs", within: limit, "milliseconds"),
                offsetSDMs: try reader.optionalNumber("offsetSDMs", within: 0...limit.upperBound, "milliseconds"),
                hitRate: try reader.optionalNumber("hitRate", within: 0...1, "hits per gap"),
                meanOffsetMsByPosition: positions)
        }
        if version >= 4, !isRhythm(discipline) {
            try reader.requireEmpty(rhythmColumns, for: discipline.rawValue)
        }
        return TransferRecord(
            timestamp: timestamp, fields: fields, discipline: discipline, interval: interval, tuningSystem: tuning,
            sungOctave: sungOctave)
    }
}
