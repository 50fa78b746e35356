import Foundation
import PeachCore

/// Peach's own CSV format: what `peach export` and `GET /api/export` write (version 9: the
/// discipline, interval and tuning of every record, then every kind's fields) and what Peach reads
/// back (versions 1–9). A row's record is read and written by its kind's own declaration
/// (`CSVRecordColumns`); documented column by column in docs/data-format.md. A change of columns or
/// meaning is a new version.
enum PeachCSVFormat {
    static let markerPrefix = "# peach-records-format:"
    static let version = 9
    static let readableVersions = 1...9
    static var marker: String { markerPrefix + String(version) }

    private static let comparisonColumns = ["note1", "note2", "note2CentOffset", "isCorrect"]
    private static let matchingColumns = ["referenceNote", "initialCentOffset", "userCentError"]
    static let labelColumns = ["interval", "direction", "tuningSystem"]
    private static let version4RecordColumns =
        comparisonColumns + matchingColumns + ["sungOctave"]
        + ["tempoBPM", "offsetPercent", "offsetMs", "meanOffsetMs", "offsetSDMs", "hitRate"]
        + (0..<4).map { "meanOffsetMsPosition\($0)" }
    private static let version5RecordColumns =
        version4RecordColumns
        + ["rootNote", "triad", "detunedVoice", "detuneCents", "answeredVoice"]
        + ["tonicNote", "mode", "degree", "answeredDegree"]
    private static let version6RecordColumns =
        version5RecordColumns + ["quality", "inversion", "voicing", "answeredQuality"]
    private static let version7RecordColumns = version6RecordColumns + ["melody", "answer", "correctNotes"]
    private static let version8RecordColumns = version7RecordColumns + ["progression", "correctChords"]
    private static let version9RecordColumns = version7RecordColumns + ["progression", "inversions", "correctChords"]

    /// The columns of each version, as shipped: version 1 knew unison only and said `kind` where
    /// version 2 names the discipline; version 3 adds `sungOctave`, version 4 the rhythm columns,
    /// version 5 the harmony disciplines' (Which Voice, Scale Degrees), version 6 Chord Quality's,
    /// version 7 Play it Back's (its key shares Scale Degrees' `tonicNote` and `mode`), version 8 Chord
    /// Progressions' (its key and `answer` shared, the numerals as text), version 9 each progression
    /// chord's inversion as played (`inversions`; a version 8 row's are not known).
    /// The current version's must be what the kinds declare (`CSVRecordColumns.all`, checked by a
    /// test): a kind that adds a field makes a new version.
    static func columns(version: Int) -> [String] {
        switch version {
        case 1: ["kind", "timestamp"] + comparisonColumns + matchingColumns
        case 2: ["discipline", "timestamp"] + labelColumns + comparisonColumns + matchingColumns
        case 3: ["discipline", "timestamp"] + labelColumns + comparisonColumns + matchingColumns + ["sungOctave"]
        case 4: ["discipline", "timestamp"] + labelColumns + version4RecordColumns
        case 5: ["discipline", "timestamp"] + labelColumns + version5RecordColumns
        case 6: ["discipline", "timestamp"] + labelColumns + version6RecordColumns
        case 7: ["discipline", "timestamp"] + labelColumns + version7RecordColumns
        case 8: ["discipline", "timestamp"] + labelColumns + version8RecordColumns
        default: ["discipline", "timestamp"] + labelColumns + version9RecordColumns
        }
    }

    static var header: String {
        (["discipline", "timestamp"] + labelColumns + CSVRecordColumns.all).map(CSVWriter.text).joined(separator: ",")
    }

    static func row(_ record: TransferRecord) throws -> String {
        let labels = record.trainingRecord.labels
        return
            ([
                CSVWriter.text(labels.discipline.rawValue), CSVWriter.text(record.timestamp.iso8601),
                CSVWriter.text(labels.interval.interval.rawValue), CSVWriter.text(labels.interval.direction.rawValue),
                CSVWriter.text(labels.tuningSystem.rawValue),
            ] + (try CSVRecordColumns.cells(of: record.trainingRecord))).joined(separator: ",")
    }

    /// The header must name exactly the version's columns (in any order): a missing or unknown
    /// column means the file is not what its first line claims.
    static func checkHeader(_ columns: [String: Int], version: Int, line: Int) throws(ImportError) {
        let expected = Self.columns(version: version)
        if let unknown = columns.keys.sorted().first(where: { !expected.contains($0) }) {
            throw ImportError(
                line: line, "unknown column '\(unknown)'; the columns are \(expected.joined(separator: ","))")
        }
        if let missing = expected.first(where: { columns[$0] == nil }) {
            throw ImportError(line: line, "the header lacks column '\(missing)'")
        }
    }

    /// Version 1's `kind` column: the two disciplines it knew.
    private static let version1Kinds: [String: Discipline] = [
        "comparison": .pitchComparison, "pitchMatching": .pitchMatching,
    ]

    static func record(_ reader: FieldReader, version: Int) throws(ImportError) -> TransferRecord {
        let timestamp = try reader.timestamp("timestamp")
        var labels: RecordLabels
        if version == 1 {
            guard let discipline = version1Kinds[reader.text("kind")] else {
                throw reader.fail("kind", "is not comparison or pitchMatching")
            }
            labels = RecordLabels(discipline: discipline)
        } else {
            guard let discipline = Discipline(rawValue: reader.text("discipline")) else {
                throw reader.fail(
                    "discipline", "is not one of \(Discipline.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let interval = try reader.interval("interval", direction: "direction")
            guard let tuning = TuningSystem(rawValue: reader.text("tuningSystem")) else {
                throw reader.fail("tuningSystem", "is not equalTemperament or justIntonation")
            }
            labels = RecordLabels(discipline: discipline, interval: interval, tuningSystem: tuning)
            if !discipline.usesIntervals, interval != .unison {
                throw reader.fail("interval", "must be P1 in a \(discipline) row")
            }
            // A discipline that plays no interval or chord plays no tuning either.
            if !discipline.playsTunings, tuning != .equalTemperament {
                throw reader.fail("tuningSystem", "must be equalTemperament in a \(discipline) row")
            }
        }
        // Format 1 never checked a record against itself (note 2 against note 1), and its files must
        // keep reading as they did.
        let record = try CSVRecordColumns.record(
            reader, labels: labels, at: timestamp.date, version: version, checked: version > 1)
        return TransferRecord(record)
    }
}
