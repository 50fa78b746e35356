import Foundation
import GRDB
import PeachCore

public enum ImportMode: String, CaseIterable, Sendable, Codable {
    /// Add the file's records; a record already stored (same kind, same millisecond, same fields)
    /// is skipped.
    case merge
    /// Every stored record goes; the file's records take their place.
    case replace
}

public struct ImportSummary: Equatable, Sendable {
    public let format: String
    public let mode: ImportMode
    public let comparisons: Int
    public let pitchMatchings: Int
    /// Compare Timing and Fill the Gap records together (`byDiscipline` tells them apart).
    public var rhythmRecords = 0
    public let duplicatesSkipped: Int
    public let skipped: [SkippedRows]
    /// Imported records per discipline.
    public var byDiscipline: [Discipline: Int] = [:]

    public var imported: Int { comparisons + pitchMatchings + rhythmRecords }

    public init(
        format: String, mode: ImportMode, comparisons: Int, pitchMatchings: Int, rhythmRecords: Int = 0,
        duplicatesSkipped: Int, skipped: [SkippedRows], byDiscipline: [Discipline: Int] = [:]
    ) {
        self.format = format
        self.mode = mode
        self.comparisons = comparisons
        self.pitchMatchings = pitchMatchings
        self.rhythmRecords = rhythmRecords
        self.duplicatesSkipped = duplicatesSkipped
        self.skipped = skipped
        self.byDiscipline = byDiscipline
    }
}

/// Moving training records between the database and CSV files. An export is one read transaction
/// (a consistent snapshot while the server keeps saving). An import is all-or-nothing but written in
/// bounded transactions (`ImportJournal`), so answers saved meanwhile wait for one chunk at most; a
/// crash or an error leaves the records exactly as they were.
public struct TrainingDataTransfer: TrainingDataTransferring {
    private let database: PeachDatabase

    public init(database: PeachDatabase) { self.database = database }

    /// Writes the export to `path` (`ExportFile`) from one read transaction: a consistent snapshot.
    public func exportCSV(to path: String) async throws(DataStoreError) -> Int {
        do {
            return try await database.writer.read { db in try ExportFile.write(to: path) { each in try Self.eachRecord(db, each) } }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }

    /// Records per write transaction: small enough that an answer waiting behind one is not delayed
    /// noticeably, large enough that the per-commit fsync does not dominate.
    static let chunkSize = 4096
    static let pauseBetweenChunks = Duration.milliseconds(5)

    /// Writes the checked file's records, all or nothing. The file was checked whole before this
    /// (`TrainingDataParser`), so writing cannot fail on content; it can only fail on I/O, and then
    /// every chunk already written is taken back.
    /// - Parameter progress: called now and then with the fraction of records written.
    public func importRecords(
        _ parsed: ParsedTrainingData, mode: ImportMode, progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(DataStoreError) -> ImportSummary {
        let writer = database.writer
        let importId: Int64
        do {
            importId = try await writer.write { db in try ImportJournal.begin(db, mode: mode) }
        } catch {
            throw .saveFailed(String(describing: error))
        }
        var comparisons = 0, pitchMatchings = 0, rhythmRecords = 0, duplicates = 0
        var byDiscipline: [Discipline: Int] = [:]
        do {
            let records = parsed.records
            for start in stride(from: 0, to: records.count, by: Self.chunkSize) {
                progress(Double(start) / Double(max(records.count, 1)))
                let chunk = records[start..<min(start + Self.chunkSize, records.count)]
                let counts = try await writer.write { db in
                    try Self.writeChunk(chunk, mode: mode, importId: importId, db)
                }
                comparisons += counts.comparisons
                pitchMatchings += counts.pitchMatchings
                rhythmRecords += counts.rhythmRecords
                duplicates += counts.duplicates
                byDiscipline.merge(counts.byDiscipline, uniquingKeysWith: +)
                // A pause between chunks lets a waiting writer (the server storing an answer) take the
                // lock: without it the next chunk re-takes it within microseconds and the server's
                // busy handler can miss every gap for its whole timeout (measured: 1 answer in 3
                // got 503 during a 200k import).
                try await Task.sleep(for: Self.pauseBetweenChunks)
            }
            try await writer.write { db in try ImportJournal.commit(db, importId: importId) }
        } catch {
            try? await writer.write { db in try ImportJournal.rollBack(db, importId: importId) }
            throw .saveFailed(String(describing: error))
        }
        // Committed: from here on a crash is completed at the next open, never undone.
        do {
            while try await writer.write({ db in try ImportJournal.deleteReplaced(db, importId: importId, limit: Self.chunkSize) }) > 0 {}
            try await writer.write { db in try ImportJournal.finish(db, importId: importId) }
        } catch {
            throw .saveFailed("imported, but the replaced records are not all deleted yet (they will be at the next start): \(error)")
        }
        progress(1)
        return ImportSummary(
            format: parsed.format, mode: mode, comparisons: comparisons, pitchMatchings: pitchMatchings,
            rhythmRecords: rhythmRecords, duplicatesSkipped: duplicates, skipped: parsed.skipped, byDiscipline: byDiscipline)
    }

    private struct ChunkCounts: Sendable {
        var comparisons = 0, pitchMatchings = 0, rhythmRecords = 0, duplicates = 0
        var byDiscipline: [Discipline: Int] = [:]
    }

    /// One bounded transaction: the chunk's records and the id ranges they took.
    private static func writeChunk(
        _ chunk: ArraySlice<TransferRecord>, mode: ImportMode, importId: Int64, _ db: Database
    ) throws -> ChunkCounts {
        var counts = ChunkCounts()
        var ranges: [String: ClosedRange<Int64>] = [:]
        for record in chunk {
            // In a replace the rows stored before are still there until the import commits: only a
            // merge compares against them.
            if mode == .merge, try isStored(record, db) {
                counts.duplicates += 1
                continue
            }
            try insert(record, db)
            counts.byDiscipline[record.discipline, default: 0] += 1
            let id = db.lastInsertedRowID
            let table = record.table
            switch record.fields {
            case .comparison: counts.comparisons += 1
            case .pitchMatching: counts.pitchMatchings += 1
            case .rhythmComparison, .rhythmMatching: counts.rhythmRecords += 1
            }
            ranges[table] = ranges[table].map { $0.lowerBound...id } ?? id...id
        }
        for (table, ids) in ranges { try ImportJournal.noteChunk(db, importId: importId, table: table, ids: ids) }
        return counts
    }

    // MARK: - SQL

    /// Every record, oldest first, all tables interleaved by time. Columns: table, timestamp, four
    /// pitch fields, id, the labels, sungOctave, then tempoBPM and the rhythm figures.
    private static func eachRecord(_ db: Database, _ each: (TransferRecord) throws -> Void) throws {
        let positions = RecordTable.positionFields.joined(separator: ", ")
        let noPositions = RecordTable.positionFields.map { _ in "NULL" }.joined(separator: ", ")
        let rows = try Row.fetchCursor(db, sql: """
            SELECT 0, timestamp, note1, note2, note2CentOffset, isCorrect, id, \(labels), NULL,
                   NULL, NULL, NULL, NULL, \(noPositions) FROM comparison
            UNION ALL
            SELECT 1, timestamp, referenceNote, NULL, initialCentOffset, userCentError, id, \(labels), sungOctave,
                   NULL, NULL, NULL, NULL, \(noPositions) FROM pitchMatching
            UNION ALL
            SELECT 2, timestamp, NULL, NULL, offsetPercent, isCorrect, id, \(labels), NULL,
                   tempoBPM, NULL, NULL, NULL, \(noPositions) FROM rhythmComparison
            UNION ALL
            SELECT 3, timestamp, NULL, NULL, NULL, NULL, id, \(labels), NULL,
                   tempoBPM, meanOffsetMs, offsetSDMs, hitRate, \(positions) FROM rhythmMatching
            ORDER BY 2, 1, 7
            """)
        while let row = try rows.next() { try each(try record(row)) }
    }

    private static let labels = RecordLabels.columns.joined(separator: ", ")

    private static func record(_ row: Row) throws -> TransferRecord {
        let timestamp: MillisecondTimestamp
        if let text = row[1] as String?, let parsed = MillisecondTimestamp(storageText: text) {
            timestamp = parsed
        } else if let date = row[1] as Date? {
            timestamp = MillisecondTimestamp(date)
        } else {
            throw DataStoreError.fetchFailed("a record has an unreadable timestamp")
        }
        let labels = try RecordLabels(
            discipline: row[7] as String, interval: row[8] as String, direction: row[9] as String, tuningSystem: row[10] as String)
        switch row[0] as Int {
        case 2, 3:
            guard let tempo = TempoBPM(row[12] as Int) else {
                throw DataStoreError.fetchFailed("a rhythm record has a tempo outside \(TempoBPM.range)")
            }
            if row[0] as Int == 2 {
                return TransferRecord(
                    timestamp: timestamp, fields: .rhythmComparison(tempo: tempo, offsetPercent: row[4], isCorrect: row[5]))
            }
            return TransferRecord(
                timestamp: timestamp,
                fields: .rhythmMatching(
                    tempo: tempo, meanOffsetMs: row[13], offsetSDMs: row[14], hitRate: row[15] as Double?,
                    meanOffsetMsByPosition: (16..<20).map { row[$0] as Double? }))
        default: break
        }
        guard let note1 = MIDINote(row[2] as Int) else {
            throw DataStoreError.fetchFailed("a record has a note outside MIDI 0–127")
        }
        if row[0] as Int == 0 {
            guard let note2 = MIDINote(row[3] as Int) else {
                throw DataStoreError.fetchFailed("a comparison has a note outside MIDI 0–127")
            }
            return TransferRecord(
                timestamp: timestamp,
                fields: .comparison(note1: note1, note2: note2, note2CentOffset: Cents(row[4] as Double), isCorrect: row[5] as Bool),
                discipline: labels.discipline, interval: labels.interval, tuningSystem: labels.tuningSystem)
        }
        return TransferRecord(
            timestamp: timestamp,
            fields: .pitchMatching(referenceNote: note1, initialCentOffset: Cents(row[4] as Double), userCentError: Cents(row[5] as Double)),
            discipline: labels.discipline, interval: labels.interval, tuningSystem: labels.tuningSystem, sungOctave: row[11] as Int?)
    }

    private static func isStored(_ record: TransferRecord, _ db: Database) throws -> Bool {
        switch record.fields {
        case let .comparison(note1, note2, offset, isCorrect):
            try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM comparison WHERE timestamp = ? AND note1 = ? AND note2 = ?
                               AND note2CentOffset = ? AND isCorrect = ? AND discipline = ? AND interval = ?
                               AND direction = ? AND tuningSystem = ?)
                """), arguments: [record.timestamp.storageText, note1.rawValue, note2.rawValue, offset.rawValue, isCorrect] + labelValues(record)) ?? false
        case let .pitchMatching(note, initialOffset, error):
            try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM pitchMatching WHERE timestamp = ? AND referenceNote = ?
                               AND initialCentOffset = ? AND userCentError = ? AND discipline = ? AND interval = ?
                               AND direction = ? AND tuningSystem = ? AND sungOctave IS ?)
                """), arguments: [record.timestamp.storageText, note.rawValue, initialOffset.rawValue, error.rawValue]
                    + labelValues(record) + [record.sungOctave]) ?? false
        case let .rhythmComparison(tempo, offsetPercent, isCorrect):
            try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM rhythmComparison WHERE timestamp = ? AND tempoBPM = ? AND offsetPercent = ?
                               AND isCorrect = ? AND discipline = ? AND interval = ? AND direction = ? AND tuningSystem = ?)
                """), arguments: [record.timestamp.storageText, tempo.rawValue, offsetPercent, isCorrect] + labelValues(record)) ?? false
        case let .rhythmMatching(tempo, mean, sd, hitRate, positions):
            // IS, not =: an absent figure (NULL) matches an absent one.
            try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM rhythmMatching WHERE timestamp = ? AND tempoBPM = ? AND meanOffsetMs IS ?
                               AND offsetSDMs IS ? AND hitRate IS ?
                               AND \(RecordTable.positionFields.map { "\($0) IS ?" }.joined(separator: " AND "))
                               AND discipline = ? AND interval = ? AND direction = ? AND tuningSystem = ?)
                """), arguments: StatementArguments(
                    [record.timestamp.storageText, tempo.rawValue, mean, sd, hitRate] as [(any DatabaseValueConvertible)?])
                    + StatementArguments(positions.map { $0 as (any DatabaseValueConvertible)? }) + labelValues(record)) ?? false
        }
    }

    private static func insert(_ record: TransferRecord, _ db: Database) throws {
        switch record.fields {
        case let .comparison(note1, note2, offset, isCorrect):
            try db.cachedStatement(sql: """
                INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp, \(labels))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [note1.rawValue, note2.rawValue, offset.rawValue, isCorrect, record.timestamp.storageText] + labelValues(record))
        case let .pitchMatching(note, initialOffset, error):
            try db.cachedStatement(sql: """
                INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp, \(labels), sungOctave)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [note.rawValue, initialOffset.rawValue, error.rawValue, record.timestamp.storageText]
                    + labelValues(record) + [record.sungOctave])
        case let .rhythmComparison(tempo, offsetPercent, isCorrect):
            try db.cachedStatement(sql: """
                INSERT INTO rhythmComparison (tempoBPM, offsetPercent, isCorrect, timestamp, \(labels))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [tempo.rawValue, offsetPercent, isCorrect, record.timestamp.storageText] + labelValues(record))
        case let .rhythmMatching(tempo, mean, sd, hitRate, positions):
            let columns = ["tempoBPM", "meanOffsetMs", "offsetSDMs", "hitRate"] + RecordTable.positionFields + ["timestamp"]
            let values: [(any DatabaseValueConvertible)?] =
                [tempo.rawValue, mean, sd, hitRate] + positions.map { $0 as (any DatabaseValueConvertible)? } + [record.timestamp.storageText]
            try db.cachedStatement(sql: """
                INSERT INTO rhythmMatching (\(columns.joined(separator: ", ")), \(labels))
                VALUES (\(Array(repeating: "?", count: columns.count + 4).joined(separator: ", ")))
                """).execute(arguments: StatementArguments(values)
                    + labelValues(record))
        }
    }

    private static func labelValues(_ record: TransferRecord) -> StatementArguments {
        [record.discipline.rawValue, record.interval.interval.rawValue, record.interval.direction.rawValue, record.tuningSystem.rawValue]
    }
}
