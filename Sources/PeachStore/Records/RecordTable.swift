import Foundation
import GRDB
import PeachCore

/// Where each kind of record lives and how a row becomes a `TrainingRecord`: the one place that
/// knows the record tables, for saving, listing and replaying the history alike. Every table shares
/// the timestamp and the labels (discipline, interval, direction, tuning; the rhythm tables' are
/// always unison and equal temperament); each has its own fields.
enum RecordTable: CaseIterable {
    case comparison
    case matching
    case rhythmComparison
    case rhythmMatching

    init(_ kind: Discipline.Kind) {
        switch kind {
        case .comparison: self = .comparison
        case .matching: self = .matching
        case .rhythmComparison: self = .rhythmComparison
        case .rhythmMatching: self = .rhythmMatching
        }
    }

    var name: String {
        switch self {
        case .comparison: "comparison"
        case .matching: "pitchMatching"
        case .rhythmComparison: "rhythmComparison"
        case .rhythmMatching: "rhythmMatching"
        }
    }

    var fields: [String] {
        switch self {
        case .comparison: ["note1", "note2", "note2CentOffset", "isCorrect"]
        case .matching: ["referenceNote", "initialCentOffset", "userCentError", "sungOctave"]
        case .rhythmComparison: ["tempoBPM", "offsetPercent", "isCorrect"]
        case .rhythmMatching: ["tempoBPM", "meanOffsetMs", "offsetSDMs", "hitRate"] + Self.positionFields
        }
    }

    static let positionFields = (0..<RhythmMatchingTrial.sixteenthsPerCycle).map { "meanOffsetMsPosition\($0)" }

    // The timestamp converted by SQLite itself: decoding a million rows through Foundation's date
    // parsing would dominate start-up.
    private static let unixTime = "(julianday(timestamp) - 2440587.5) * 86400.0"

    /// Fields, Unix time, labels: the order `record(_:)` reads.
    var selection: String {
        (fields + [Self.unixTime] + RecordLabels.columns).joined(separator: ", ")
    }

    /// Built once per table; the statement is cached per connection, so an answer costs one bind and step.
    private static let insertSQL = Dictionary(uniqueKeysWithValues: allCases.map { table in
        let columns = table.fields + ["timestamp"] + RecordLabels.columns
        return (table, "INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
    })

    func insert(_ record: TrainingRecord, _ db: Database) throws {
        let values: [(any DatabaseValueConvertible)?]
        switch record {
        case let .comparison(c): values = [c.note1.rawValue, c.note2.rawValue, c.note2CentOffset.rawValue, c.isCorrect]
        case let .matching(m):
            values = [m.referenceNote.rawValue, m.initialCentOffset.rawValue, m.userCentError.rawValue, m.sungOctave]
        case let .rhythmComparison(r): values = [r.tempo.rawValue, r.offsetPercent, r.isCorrect]
        case let .rhythmMatching(r):
            values = [r.tempo.rawValue, r.meanOffsetMs, r.offsetSDMs, r.hitRate] + r.meanOffsetMsByPosition
        }
        let labels = RecordLabels(record).tuple
        try db.cachedStatement(sql: Self.insertSQL[self]!).execute(
            arguments: StatementArguments(values + [record.timestamp, labels.0, labels.1, labels.2, labels.3]))
    }

    /// One row selected with `selection`.
    func record(_ row: Row) throws(DataStoreError) -> TrainingRecord {
        let count = fields.count
        return try record(row, labels: RecordLabels(
            discipline: row[count + 1] as String, interval: row[count + 2] as String, direction: row[count + 3] as String,
            tuningSystem: row[count + 4] as String))
    }

    /// One row selected with `selection`, its labels already read.
    func record(_ row: Row, labels: RecordLabels) throws(DataStoreError) -> TrainingRecord {
        let timestamp = Self.date(row[fields.count] as Double)
        switch self {
        case .comparison:
            guard let note1 = MIDINote(row[0] as Int), let note2 = MIDINote(row[1] as Int) else {
                throw .fetchFailed("a stored comparison has a note outside MIDI 0–127")
            }
            return .comparison(CompletedComparison(
                note1: note1, note2: note2, note2CentOffset: Cents(row[2] as Double), isCorrect: row[3] as Bool,
                timestamp: timestamp, discipline: labels.discipline, interval: labels.interval, tuningSystem: labels.tuningSystem))
        case .matching:
            guard let note = MIDINote(row[0] as Int) else {
                throw .fetchFailed("a stored matching attempt has a note outside MIDI 0–127")
            }
            return .matching(CompletedPitchMatching(
                referenceNote: note, initialCentOffset: Cents(row[1] as Double), userCentError: Cents(row[2] as Double),
                timestamp: timestamp, discipline: labels.discipline, interval: labels.interval, tuningSystem: labels.tuningSystem,
                sungOctave: row[3] as Int?))
        case .rhythmComparison:
            return .rhythmComparison(CompletedRhythmComparison(
                tempo: try Self.tempo(row[0]), offsetPercent: row[1], isCorrect: row[2], timestamp: timestamp))
        case .rhythmMatching:
            return .rhythmMatching(CompletedRhythmMatching(
                tempo: try Self.tempo(row[0]), meanOffsetMs: row[1], offsetSDMs: row[2], hitRate: row[3] as Double?,
                meanOffsetMsByPosition: (4..<8).map { row[$0] as Double? }, timestamp: timestamp))
        }
    }

    private static func tempo(_ value: Int) throws(DataStoreError) -> TempoBPM {
        guard let tempo = TempoBPM(value) else { throw .fetchFailed("a stored rhythm record has a tempo outside \(TempoBPM.range)") }
        return tempo
    }

    /// Whole milliseconds, as stored: julianday's double is accurate to about 10 µs.
    private static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    }
}
