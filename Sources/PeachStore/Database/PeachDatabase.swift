import Foundation
import GRDB
import PeachCore

/// The SQLite file that holds every record: WAL mode, full fsync on commit, versioned migrations.
public struct PeachDatabase: Sendable {
    public let writer: DatabasePool
    /// Where single answers are written: concurrent ones share one fsync'd transaction.
    public let groupCommit: GroupCommitWriter
    public let path: String

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    /// - Parameter observer: sees every commit that can change the records, a crashed import's undoing included.
    public init(path: String, observer: (any TransactionObserver)? = nil) throws(DataStoreError) {
        self.path = path
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                // WAL with synchronous=FULL: a commit is on disk before the API acknowledges it,
                // so neither kill -9 nor power loss can take back an acknowledged answer.
                try db.execute(sql: "PRAGMA synchronous = FULL")
                // A backstop only (40 MB, for a long import): `WALCheckpointer` checkpoints after
                // answers, so that no answer's commit waits for one.
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 10000")
                // Whenever the log starts over after a checkpoint, its file is cut back to 4 MB: a
                // log grown by an import or under load otherwise keeps its size for good, and on a
                // full disk it kept the space another file freed.
                try db.execute(sql: "PRAGMA journal_size_limit = \(Self.journalSizeLimit)")
            }
            // Wait up to 5 s for another writer (an import in a second process), polling every
            // millisecond: SQLite's default handler backs off to 100 ms naps and can miss every
            // short gap between another process's transactions.
            configuration.busyMode = .callback { tries in
                guard tries < Self.busyPolls else { return false }
                usleep(1000)
                return true
            }
            writer = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(writer)
            if let observer { writer.add(transactionObserver: observer, extent: .databaseLifetime) }
            try writer.write(ImportJournal.recover)
            groupCommit = GroupCommitWriter(
                writer: writer, checkpointer: WALCheckpointer(path: path),
                reserve: SpaceReserve(path: path + "-reserve"))
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .openFailed(path: path, reason: String(describing: error))
        }
    }

    /// What the write-ahead log is cut back to when it starts over.
    static let journalSizeLimit = 4 << 20

    /// About 5 s of 1 ms polls for the write lock.
    static let busyPolls: Int32 = 5000

    /// Every schema version Peach has shipped. Never edit a registered migration; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-comparisons") { db in
            try db.create(table: "comparison") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("note1", .integer).notNull()
                t.column("note2", .integer).notNull()
                t.column("note2CentOffset", .double).notNull()
                t.column("isCorrect", .boolean).notNull()
                t.column("timestamp", .datetime).notNull()
            }
            try db.create(index: "comparison_timestamp", on: "comparison", columns: ["timestamp"])
        }
        migrator.registerMigration("v2-pitch-matching") { db in
            try db.create(table: "pitchMatching") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("referenceNote", .integer).notNull()
                t.column("initialCentOffset", .double).notNull()
                t.column("userCentError", .double).notNull()
                t.column("timestamp", .datetime).notNull()
            }
            try db.create(index: "pitchMatching_timestamp", on: "pitchMatching", columns: ["timestamp"])
        }
        migrator.registerMigration("v3-settings") { db in
            try db.create(table: "settings") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("json", .text).notNull()
            }
        }
        migrator.registerMigration("v4-disciplines") { db in
            // Every stored row predates intervals: unison, equal temperament, the pitch disciplines.
            for (table, discipline) in [("comparison", "pitchComparison"), ("pitchMatching", "pitchMatching")] {
                try db.alter(table: table) { t in
                    t.add(column: "discipline", .text).notNull().defaults(to: discipline)
                    t.add(column: "interval", .text).notNull().defaults(to: "P1")
                    t.add(column: "direction", .text).notNull().defaults(to: "up")
                    t.add(column: "tuningSystem", .text).notNull().defaults(to: "equalTemperament")
                }
                try db.create(index: "\(table)_discipline_timestamp", on: table, columns: ["discipline", "timestamp"])
            }
        }
        migrator.registerMigration("v5-import-journal") { db in
            try ImportJournal.createTables(db)
        }
        migrator.registerMigration("v6-answer-keys") { db in
            // The client's idempotency key of each answer that had one, next to its record.
            try db.create(table: "answerKey") { t in
                t.primaryKey("key", .text)
                t.column("recordTable", .text).notNull()
                t.column("recordID", .integer).notNull()
            }
        }
        migrator.registerMigration("v7-sung-octave") { db in
            // The octave a sung answer was sung in, relative to the target's; NULL for the slider.
            try db.alter(table: "pitchMatching") { t in t.add(column: "sungOctave", .integer) }
        }
        migrator.registerMigration("v8-open-trials") { db in
            // Trials handed out and not answered yet (JSON of PeachCore's Trial), so an answer
            // queued by a client across a server restart still counts; dropped after a week.
            try db.create(table: "openTrial") { t in
                t.primaryKey("id", .text)
                t.column("issuedAt", .double).notNull().indexed()
                t.column("trial", .text).notNull()
            }
        }
        migrator.registerMigration("v9-rhythm") { db in
            // Compare Timing and Fill the Gap, with the labels every record table has (always
            // unison and equal temperament here) so all tables read alike.
            func labels(_ t: TableDefinition, _ discipline: String) {
                t.column("timestamp", .datetime).notNull()
                t.column("discipline", .text).notNull().defaults(to: discipline)
                t.column("interval", .text).notNull().defaults(to: "P1")
                t.column("direction", .text).notNull().defaults(to: "up")
                t.column("tuningSystem", .text).notNull().defaults(to: "equalTemperament")
            }
            try db.create(table: "rhythmComparison") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("tempoBPM", .integer).notNull()
                t.column("offsetPercent", .double).notNull()
                t.column("isCorrect", .boolean).notNull()
                labels(t, "rhythmComparison")
            }
            try db.create(table: "rhythmMatching") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("tempoBPM", .integer).notNull()
                t.column("meanOffsetMs", .double)
                t.column("offsetSDMs", .double)
                t.column("hitRate", .double).notNull()
                for position in 0..<4 { t.column("meanOffsetMsPosition\(position)", .double) }
                labels(t, "rhythmMatching")
            }
            for table in ["rhythmComparison", "rhythmMatching"] {
                try db.create(index: "\(table)_discipline_timestamp", on: table, columns: ["discipline", "timestamp"])
            }
            // What a replace import deletes of the rhythm tables (ImportJournal).
            try db.alter(table: "importJournal") { t in
                for table in ["rhythmComparison", "rhythmMatching"] {
                    t.add(column: "\(table)Watermark", .integer).notNull().defaults(to: 0)
                }
            }
        }
        migrator.registerMigration("v10-optional-hit-rate") { db in
            // A Fill the Gap trial imported from the iPhone app has no hit rate. SQLite cannot drop a
            // NOT NULL, so the table is rebuilt (GRDB's way: create, copy, drop, rename) with every
            // row and id, and with its AUTOINCREMENT counter, so that no id is ever handed out twice
            // (an answer key or an import journal may name one).
            let counter = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'rhythmMatching'")
            try db.create(table: "rhythmMatchingNew") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("tempoBPM", .integer).notNull()
                t.column("meanOffsetMs", .double)
                t.column("offsetSDMs", .double)
                t.column("hitRate", .double)
                for position in 0..<4 { t.column("meanOffsetMsPosition\(position)", .double) }
                t.column("timestamp", .datetime).notNull()
                t.column("discipline", .text).notNull().defaults(to: "rhythmMatching")
                t.column("interval", .text).notNull().defaults(to: "P1")
                t.column("direction", .text).notNull().defaults(to: "up")
                t.column("tuningSystem", .text).notNull().defaults(to: "equalTemperament")
            }
            let columns = try db.columns(in: "rhythmMatching").map(\.name).joined(separator: ", ")
            try db.execute(sql: "INSERT INTO rhythmMatchingNew (\(columns)) SELECT \(columns) FROM rhythmMatching")
            try db.drop(table: "rhythmMatching")
            try db.rename(table: "rhythmMatchingNew", to: "rhythmMatching")
            try db.create(
                index: "rhythmMatching_discipline_timestamp", on: "rhythmMatching",
                columns: ["discipline", "timestamp"])
            if let counter {
                try db.execute(
                    sql: "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'rhythmMatching'",
                    arguments: [counter])
                if db.changesCount == 0 {
                    try db.execute(
                        sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('rhythmMatching', ?)",
                        arguments: [counter])
                }
            }
        }
        migrator.registerMigration("v11-chord-intonation") { db in
            // Which Voice (the tuning is the trial's).
            try createKindTable(db, "chordIntonation") { t in
                t.column("rootNote", .integer).notNull()
                t.column("triad", .text).notNull()
                t.column("detunedVoice", .text).notNull()
                t.column("detuneCents", .double).notNull()
                t.column("answeredVoice", .text).notNull()
            }
        }
        migrator.registerMigration("v12-scale-degree") { db in
            // Scale Degrees (always equal temperament).
            try createKindTable(db, "scaleDegree") { t in
                t.column("tonicNote", .integer).notNull()
                t.column("mode", .text).notNull()
                t.column("degree", .text).notNull()
                t.column("answeredDegree", .text).notNull()
            }
        }
        migrator.registerMigration("v13-chord-quality") { db in
            // Chord Quality (always equal temperament).
            try createKindTable(db, "chordQuality") { t in
                t.column("rootNote", .integer).notNull()
                t.column("quality", .text).notNull()
                t.column("inversion", .integer).notNull()
                t.column("voicing", .text).notNull()
                t.column("answeredQuality", .text).notNull()
            }
        }
        migrator.registerMigration("v14-melodic-dictation") { db in
            // Play it Back (always equal temperament); a melody is its MIDI numbers in one text column.
            try createKindTable(db, "melodicDictation") { t in
                t.column("tonicNote", .integer).notNull()
                t.column("mode", .text).notNull()
                t.column("melody", .text).notNull()
                t.column("answer", .text).notNull()
            }
        }
        migrator.registerMigration("v15-chord-progression") { db in
            // Chord Progressions (the tuning is the trial's label); a progression is its numerals in
            // one text column.
            try createKindTable(db, "chordProgression") { t in
                t.column("tonicNote", .integer).notNull()
                t.column("mode", .text).notNull()
                t.column("progression", .text).notNull()
                t.column("answer", .text).notNull()
            }
        }
        migrator.registerMigration("v16-progression-inversions") { db in
            // Each chord's inversion as played ("0 1 0 0"); NULL for the answers before, whose trials
            // may have been inverted without the record saying which chords.
            try db.alter(table: "chordProgression") { t in t.add(column: "inversions", .text) }
        }
        return migrator
    }

    /// A new kind's table as every kind since v11 has it: its own columns, then the time and the
    /// labels every record table has (`discipline` defaulting to the kind), the index the profile
    /// reads by, and the watermark a replace import deletes below (`ImportJournal`).
    /// The columns are spelled out in each migration, not derived from the kind's record type:
    /// a migration must create the same table for ever, whatever the record becomes later.
    private static func createKindTable(
        _ db: Database, _ table: String, ownColumns: (TableDefinition) -> Void
    ) throws {
        try db.create(table: table) { t in
            t.autoIncrementedPrimaryKey("id")
            ownColumns(t)
            t.column("timestamp", .datetime).notNull()
            t.column("discipline", .text).notNull().defaults(to: table)
            t.column("interval", .text).notNull().defaults(to: "P1")
            t.column("direction", .text).notNull().defaults(to: "up")
            t.column("tuningSystem", .text).notNull()
        }
        try db.create(index: "\(table)_discipline_timestamp", on: table, columns: ["discipline", "timestamp"])
        try db.alter(table: "importJournal") { t in
            t.add(column: "\(table)Watermark", .integer).notNull().defaults(to: 0)
        }
    }

    /// The names of the migrations applied to this file, oldest first.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.migrator.appliedMigrations(db) }
    }

    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// `$XDG_DATA_HOME/peach/peach.sqlite`, falling back to `~/.local/share/peach/peach.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/peach/peach.sqlite"
    }
}
