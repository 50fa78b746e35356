import Foundation
import PeachCore
import PeachStore
import PostgresNIO

/// The record tables in PostgreSQL and how a row becomes a `TrainingRecord`: the same shape as
/// the SQLite store's RecordTable, in PostgreSQL's types and snake_case names.
struct PostgresRecordTable {
    static let all = [Self(.comparison), Self(.matching), Self(.rhythmComparison), Self(.rhythmMatching)]

    let kind: Discipline.Kind

    init(_ kind: Discipline.Kind) { self.kind = kind }

    var name: String {
        switch kind {
        case .comparison: "comparison"
        case .matching: "pitch_matching"
        case .rhythmComparison: "rhythm_comparison"
        case .rhythmMatching: "rhythm_matching"
        }
    }

    /// Fields, timestamp, labels: the order `record(_:)` reads.
    var selection: String {
        let fields = switch kind {
        case .comparison: "note1, note2, note2_cent_offset, is_correct"
        case .matching: "reference_note, initial_cent_offset, user_cent_error, sung_octave"
        case .rhythmComparison: "tempo_bpm, offset_percent, is_correct"
        case .rhythmMatching:
            "tempo_bpm, mean_offset_ms, offset_sd_ms, hit_rate, mean_offset_ms_position0, mean_offset_ms_position1, mean_offset_ms_position2, mean_offset_ms_position3"
        }
        return fields + ", \"timestamp\", discipline, \"interval\", direction, tuning_system"
    }

    /// Inserts `record` as `user`'s; returns its id.
    func insert(_ record: TrainingRecord, of user: UserID, _ connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        var binds = PostgresBindings(capacity: columnCount + 1)
        Self.bind(record, of: user, into: &binds)
        let query = PostgresQuery(unsafeSQL: "INSERT INTO \(name) (user_id, \(selection)) VALUES \(placeholders(rows: 1)) RETURNING id", binds: binds)
        for try await id in try await connection.query(query, logger: logger).decode(Int64.self) { return id }
        throw DataStoreError.saveFailed("the insert returned no id")
    }

    /// Inserts `records` (all of this table's kind) as `user`'s, many rows to a statement: an import
    /// would otherwise wait for a round trip per record (measured: 110,000 records in 27 s).
    func insert(_ records: some Collection<TrainingRecord>, of user: UserID, _ connection: PostgresConnection, logger: Logger) async throws {
        // PostgreSQL takes at most 65,535 parameters a statement.
        let rowsPerStatement = 65_535 / (columnCount + 1)
        var pending = records[...]
        while !pending.isEmpty {
            let rows = pending.prefix(rowsPerStatement)
            pending = pending.dropFirst(rows.count)
            var binds = PostgresBindings(capacity: rows.count * (columnCount + 1))
            for record in rows { Self.bind(record, of: user, into: &binds) }
            try await connection.query(
                PostgresQuery(unsafeSQL: "INSERT INTO \(name) (user_id, \(selection)) VALUES \(placeholders(rows: rows.count))", binds: binds),
                logger: logger)
        }
    }

    /// The columns `selection` names.
    private var columnCount: Int {
        let fields = switch kind {
        case .comparison, .matching: 4
        case .rhythmComparison: 3
        case .rhythmMatching: 8
        }
        return fields + 5
    }

    /// `($1, $2, …), ($n, …)`: `rows` rows of the user and the `selection` columns.
    private func placeholders(rows: Int) -> String {
        let width = columnCount + 1
        return (0..<rows).map { row in
            "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    /// The user, then the record's values in `selection`'s order.
    private static func bind(_ record: TrainingRecord, of user: UserID, into binds: inout PostgresBindings) {
        binds.append(user.rawValue)
        switch record {
        case let .comparison(c):
            binds.append(Int16(c.note1.rawValue))
            binds.append(Int16(c.note2.rawValue))
            binds.append(c.note2CentOffset.rawValue)
            binds.append(c.isCorrect)
        case let .matching(m):
            binds.append(Int16(m.referenceNote.rawValue))
            binds.append(m.initialCentOffset.rawValue)
            binds.append(m.userCentError.rawValue)
            binds.append(m.sungOctave)
        case let .rhythmComparison(r):
            binds.append(Int16(r.tempo.rawValue))
            binds.append(r.offsetPercent)
            binds.append(r.isCorrect)
        case let .rhythmMatching(r):
            binds.append(Int16(r.tempo.rawValue))
            binds.append(r.meanOffsetMs)
            binds.append(r.offsetSDMs)
            binds.append(r.hitRate)
            for position in r.meanOffsetMsByPosition { binds.append(position) }
        }
        let labels = RecordLabels(record).tuple
        binds.append(record.timestamp)
        binds.append(labels.0)
        binds.append(labels.1)
        binds.append(labels.2)
        binds.append(labels.3)
    }

    /// One row selected with `selection`.
    func record(_ row: PostgresRow) throws -> TrainingRecord {
        switch kind {
        case .comparison:
            let (note1, note2, offset, isCorrect, timestamp, discipline, interval, direction, tuning) =
                try row.decode((Int16, Int16, Double, Bool, Date, String, String, String, String).self)
            let labels = try RecordLabels(discipline: discipline, interval: interval, direction: direction, tuningSystem: tuning)
            guard let note1 = MIDINote(Int(note1)), let note2 = MIDINote(Int(note2)) else {
                throw DataStoreError.fetchFailed("a stored comparison has a note outside MIDI 0–127")
            }
            return .comparison(CompletedComparison(
                note1: note1, note2: note2, note2CentOffset: Cents(offset), isCorrect: isCorrect,
                timestamp: Self.milliseconds(timestamp), discipline: labels.discipline, interval: labels.interval,
                tuningSystem: labels.tuningSystem))
        case .matching:
            let (note, initial, error, sungOctave, timestamp, discipline, interval, direction, tuning) =
                try row.decode((Int16, Double, Double, Int?, Date, String, String, String, String).self)
            let labels = try RecordLabels(discipline: discipline, interval: interval, direction: direction, tuningSystem: tuning)
            guard let note = MIDINote(Int(note)) else {
                throw DataStoreError.fetchFailed("a stored matching attempt has a note outside MIDI 0–127")
            }
            return .matching(CompletedPitchMatching(
                referenceNote: note, initialCentOffset: Cents(initial), userCentError: Cents(error),
                timestamp: Self.milliseconds(timestamp), discipline: labels.discipline, interval: labels.interval,
                tuningSystem: labels.tuningSystem, sungOctave: sungOctave))
        case .rhythmComparison:
            // The labels are always the discipline's own (unison, equal temperament): read past them.
            let (bpm, percent, isCorrect, timestamp, _, _, _, _) =
                try row.decode((Int16, Double, Bool, Date, String, String, String, String).self)
            return .rhythmComparison(CompletedRhythmComparison(
                tempo: try Self.tempo(bpm), offsetPercent: percent, isCorrect: isCorrect, timestamp: Self.milliseconds(timestamp)))
        case .rhythmMatching:
            let (bpm, mean, sd, hitRate, p0, p1, p2, p3, timestamp, _, _, _, _) =
                try row.decode((Int16, Double?, Double?, Double?, Double?, Double?, Double?, Double?, Date, String, String, String, String).self)
            return .rhythmMatching(CompletedRhythmMatching(
                tempo: try Self.tempo(bpm), meanOffsetMs: mean, offsetSDMs: sd, hitRate: hitRate,
                meanOffsetMsByPosition: [p0, p1, p2, p3], timestamp: Self.milliseconds(timestamp)))
        }
    }

    private static func tempo(_ value: Int16) throws -> TempoBPM {
        guard let tempo = TempoBPM(Int(value)) else {
            throw DataStoreError.fetchFailed("a stored rhythm record has a tempo outside \(TempoBPM.range)")
        }
        return tempo
    }

    /// Whole milliseconds, as the SQLite store and the CSV files keep them (timestamptz holds microseconds).
    private static func milliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}
