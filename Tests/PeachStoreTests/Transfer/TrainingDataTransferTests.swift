import Foundation
import GRDB
import Testing

@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

struct TrainingDataTransferTests {
    /// Our format 1's header: the rows these tests write have its nine columns.
    static let header =
        "# peach-records-format:1\nkind,timestamp,note1,note2,note2CentOffset,isCorrect,referenceNote,initialCentOffset,userCentError\n"

    static func comparison(_ offset: Double, at milliseconds: Int64, correct: Bool = true) -> CompletedComparison {
        CompletedComparison(
            note1: MIDINote(62)!, note2: MIDINote(62)!, note2CentOffset: Cents(offset), isCorrect: correct,
            timestamp: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    static func pitchMatching(_ error: Double, at milliseconds: Int64) -> CompletedPitchMatching {
        CompletedPitchMatching(
            referenceNote: MIDINote(57)!, initialCentOffset: Cents(-41.3), userCentError: Cents(error),
            timestamp: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    static func rhythmComparison(_ percent: Double, at milliseconds: Int64, tempo: Int = 120)
        -> CompletedRhythmComparison
    {
        CompletedRhythmComparison(
            tempo: TempoBPM(tempo)!, offsetPercent: percent, isCorrect: percent > 0,
            timestamp: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    static func rhythmMatching(_ mean: Double?, at milliseconds: Int64) -> CompletedRhythmMatching {
        CompletedRhythmMatching(
            tempo: TempoBPM(163)!, meanOffsetMs: mean, offsetSDMs: mean.map { abs($0) / 3 },
            hitRate: mean == nil ? 0 : 0.8125,
            meanOffsetMsByPosition: mean == nil ? [nil, nil, nil, nil] : [mean, nil, -0.1 - 0.2, 12.000000001],
            timestamp: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// Every stored record, as transfer records, oldest first.
    static func stored(_ database: PeachDatabase) async throws -> [TransferRecord] {
        let store = SQLiteTrainingDataStore(database: database)
        let all = try await store.records(nil, limit: .max).map(TransferRecord.init)
        return all.sorted {
            ($0.timestamp, $0.trainingRecord.kind.table) < ($1.timestamp, $1.trainingRecord.kind.table)
        }
    }

    static func export(_ database: PeachDatabase) async throws -> (csv: Data, records: Int) {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("export.csv").path
        let count = try await TrainingDataTransfer(database: database).exportCSV(to: path)
        return (try Data(contentsOf: URL(fileURLWithPath: path)), count)
    }

    @Test func anExportReadsBackAsExactlyTheStoredRecords() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        try await store.save(Self.comparison(0.1 + 0.2, at: 1_763_799_302_125))
        try await store.save(Self.pitchMatching(-3.333333333333, at: 1_763_799_302_000))
        try await store.save(Self.comparison(-97.65625, at: 1_763_799_303_999, correct: false))

        let (csv, count) = try await Self.export(database)
        #expect(count == 3)
        let text = String(decoding: csv, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "# peach-records-format:9")
        #expect(
            lines[1]
                == "discipline,timestamp,interval,direction,tuningSystem,note1,note2,note2CentOffset,isCorrect,referenceNote,initialCentOffset,userCentError,sungOctave,tempoBPM,offsetPercent,offsetMs,meanOffsetMs,offsetSDMs,hitRate,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3,rootNote,triad,detunedVoice,detuneCents,answeredVoice,tonicNote,mode,degree,answeredDegree,quality,inversion,voicing,answeredQuality,melody,answer,correctNotes,progression,inversions,correctChords"
        )
        #expect(
            lines[2]
                == "pitchMatching,2025-11-22T08:15:02.000Z,P1,up,equalTemperament,,,,,57,-41.3,-3.333333333333,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
        )
        #expect(
            lines[3]
                == "pitchComparison,2025-11-22T08:15:02.125Z,P1,up,equalTemperament,62,62,0.30000000000000004,true,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
        )
        let parsed = try TrainingDataParser.parse(Array(csv))
        #expect(parsed.records == (try await Self.stored(database)))
    }

    @Test func aSungAnswerKeepsItsOctaveInTheStoreAndThroughAFile() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let sung = CompletedPitchMatching(
            referenceNote: MIDINote(57)!, initialCentOffset: .zero, userCentError: Cents(23.5),
            timestamp: Date(timeIntervalSince1970: 1_763_799_302), discipline: .pitchSinging, sungOctave: -1)
        try await SQLiteTrainingDataStore(database: database).save(sung)
        #expect(
            try await SQLiteTrainingDataStore(database: database).records(.pitchSinging, limit: 10) == [.matching(sung)]
        )

        let (csv, _) = try await Self.export(database)
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n")
        #expect(
            lines[2]
                == "pitchSinging,2025-11-22T08:15:02.000Z,P1,up,equalTemperament,,,,,57,0.0,23.5,-1,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
        )
        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let parsed = try TrainingDataParser.parse(Array(csv))
        _ = try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge)
        #expect(
            try await SQLiteTrainingDataStore(database: other).records(.pitchSinging, limit: 10) == [.matching(sung)])
        // A second merge finds it already stored: the octave is part of what "the same record" means.
        let again = try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge)
        #expect(again.duplicatesSkipped == 1)
    }

    @Test func aSungIntervalIsStoredWithItsIntervalAndTuningAndGoesThroughAFile() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let sung = CompletedPitchMatching(
            referenceNote: MIDINote(57)!, initialCentOffset: .zero, userCentError: Cents(13.75),
            timestamp: Date(timeIntervalSince1970: 1_763_799_302), discipline: .intervalSinging,
            interval: DirectedInterval(.M3, .up)!, tuningSystem: .justIntonation, sungOctave: 0)
        try await SQLiteTrainingDataStore(database: database).save(sung)
        #expect(
            try await SQLiteTrainingDataStore(database: database).records(.intervalSinging, limit: 10) == [
                .matching(sung)
            ])
        #expect(try await SQLiteTrainingDataStore(database: database).records(.pitchSinging, limit: 10).isEmpty)

        let (csv, _) = try await Self.export(database)
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n")
        #expect(
            lines[2]
                == "intervalSinging,2025-11-22T08:15:02.000Z,M3,up,justIntonation,,,,,57,0.0,13.75,0,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
        )
        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        _ = try await TrainingDataTransfer(database: other).importRecords(
            try TrainingDataParser.parse(Array(csv)), mode: .merge)
        #expect(
            try await SQLiteTrainingDataStore(database: other).records(.intervalSinging, limit: 10) == [.matching(sung)]
        )
    }

    @Test func mergeSkipsExactDuplicatesAndKeepsNearMisses() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        try await store.save(Self.comparison(10, at: 1_000_000))
        try await store.save(Self.pitchMatching(2.5, at: 2_000_000))
        let before = try await Self.stored(database)

        let file =
            Self.header + """
                comparison,1970-01-01T00:16:40.000Z,62,62,10,true,,,
                comparison,1970-01-01T00:16:40.001Z,62,62,10,true,,,
                comparison,1970-01-01T00:16:40.000Z,62,62,10,false,,,
                pitchMatching,1970-01-01T00:33:20.000Z,,,,,57,-41.3,2.5
                pitchMatching,1970-01-01T00:33:20.000Z,,,,,57,-41.3,2.5000001
                pitchMatching,1970-01-01T00:33:20.000Z,,,,,57,-41.3,2.5000001
                """
        let summary = try await TrainingDataTransfer(database: database)
            .importRecords(TrainingDataParser.parse(Array(file.utf8)), mode: .merge)
        #expect(summary.imported(ComparisonKind.self) == 2)
        #expect(summary.imported(MatchingKind.self) == 1)
        #expect(summary.duplicatesSkipped == 3)
        let after = try await Self.stored(database)
        #expect(after.count == before.count + 3)
        #expect(Set(before).isSubset(of: Set(after)))

        let again = try await TrainingDataTransfer(database: database)
            .importRecords(TrainingDataParser.parse(Array(file.utf8)), mode: .merge)
        #expect(again.imported == 0 && again.duplicatesSkipped == 6)
    }

    @Test func replaceSwapsEverythingForTheFile() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        for index in 0..<50 { try await store.save(Self.comparison(Double(index), at: Int64(index) * 1000)) }
        try await store.save(Self.pitchMatching(1, at: 99_000))

        let parsed = try TrainingDataParser.parse(FixtureFiles.bytes("iphone/peach-export-format-3.csv"))
        let summary = try await TrainingDataTransfer(database: database).importRecords(parsed, mode: .replace)
        // Unison, interval and both rhythm disciplines' rows are all stored.
        #expect(
            summary.imported == 7 && summary.duplicatesSkipped == 0
                && summary.imported(RhythmComparisonKind.self) + summary.imported(RhythmMatchingKind.self) == 2)
        #expect(summary.skipped.isEmpty)
        #expect(try await Self.stored(database) == parsed.records.sorted { $0.timestamp < $1.timestamp })
    }

    @Test func aFailingWriteLeavesEveryRecordAsItWas() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        for index in 0..<10 { try await store.save(Self.comparison(Double(index), at: Int64(index) * 1000)) }
        let before = try await Self.stored(database)
        // A trigger that fails on the 5th new row stands in for a full disk in the middle of an import.
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER failAfterFour BEFORE INSERT ON comparison
                    WHEN (SELECT count(*) FROM comparison) >= 4
                    BEGIN SELECT RAISE(ABORT, 'disk full'); END
                    """)
        }
        let parsed = try TrainingDataParser.parse(FixtureFiles.bytes("iphone/peach-export-format-1.csv"))
        let many = ParsedTrainingData(
            format: parsed.format, records: Array(repeating: parsed.records[0], count: 20), skipped: [])
        await #expect(throws: ImportFailure.self) {
            try await TrainingDataTransfer(database: database).importRecords(many, mode: .replace)
        }
        #expect(try await Self.stored(database) == before)
    }

    @Test func theExportFileIsReplacedWhole() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        try await SQLiteTrainingDataStore(database: database).save(Self.comparison(5, at: 5_000))
        let path = directory.url.appendingPathComponent("export.csv").path
        try Data("old contents that are longer than the export will be, much longer, really".utf8).write(
            to: URL(fileURLWithPath: path))
        let count = try await TrainingDataTransfer(database: database).exportCSV(to: path)
        #expect(count == 1)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            written.hasPrefix("# peach-records-format:9\n")
                && written.hasSuffix(",true" + String(repeating: ",", count: 33) + "\n"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasSuffix(".partial") }
                .isEmpty)
    }

    /// An iPhone export with unison, interval and rhythm rows (format 2 with its one-tap
    /// `rhythmMatching` and `continuousRhythmMatching`, format 3 with the latter): every row is stored
    /// with its values (the Fill the Gap rows without hit rate or SD); our export of it reads back
    /// exactly, imports into another database as the same records and merges back as nothing but
    /// duplicates.
    @Test(arguments: [2, 3])
    func iPhoneRowsSurviveAnExportAndImportRoundTrip(version: Int) async throws {
        let database = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let parsed = try TrainingDataParser.parse(FixtureFiles.bytes("iphone/peach-export-format-\(version).csv"))
        let summary = try await TrainingDataTransfer(database: database).importRecords(parsed, mode: .merge)
        let rows = version == 2 ? 8 : 7
        #expect(summary.imported == rows && summary.skipped.isEmpty)
        #expect(summary.byDiscipline[.rhythmComparison] == 1 && summary.byDiscipline[.rhythmMatching] == rows - 6)
        let stored = try await Self.stored(database)
        #expect(
            stored
                == parsed.records.sorted {
                    ($0.timestamp, $0.trainingRecord.kind.table) < ($1.timestamp, $1.trainingRecord.kind.table)
                })
        #expect(
            Set(stored.map(\.discipline)) == [
                .pitchComparison, .intervalComparison, .pitchMatching, .intervalMatching, .rhythmComparison,
                .rhythmMatching,
            ])
        #expect(
            stored.filter { $0.discipline.usesIntervals }.allSatisfy {
                $0.trainingRecord.interval == DirectedInterval(.P5, .up)
            })
        // The parsed Fill the Gap rows are pinned by TrainingDataParserTests.iPhoneFillTheGapRecords.
        #expect(
            stored.filter { $0.discipline == .rhythmMatching }
                == parsed.records.filter { $0.discipline == .rhythmMatching })

        let (csv, count) = try await Self.export(database)
        #expect(count == rows)
        let reparsed = try TrainingDataParser.parse(Array(csv))
        #expect(reparsed.records == stored)
        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        #expect(try await TrainingDataTransfer(database: other).importRecords(reparsed, mode: .merge).imported == rows)
        #expect(try await Self.stored(other) == stored)
        let again = try await TrainingDataTransfer(database: database).importRecords(reparsed, mode: .merge)
        #expect(again.imported == 0 && again.duplicatesSkipped == rows)
    }

    /// Both rhythm disciplines, with absent figures too: the export holds every field, reads back as
    /// exactly the stored records, imports into another database as the same records, merges back as
    /// nothing but duplicates, and a replace takes the rhythm records away with the rest.
    @Test func rhythmRecordsRoundTripThroughAFile() async throws {
        let database = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        try await store.save(.rhythmComparison(Self.rhythmComparison(-7.5, at: 1_763_799_302_125)))
        try await store.save(.rhythmComparison(Self.rhythmComparison(0.1 + 0.2, at: 1_763_799_302_126, tempo: 47)))
        try await store.save(.rhythmMatching(Self.rhythmMatching(-3.333333333333, at: 1_763_799_302_127)))
        try await store.save(.rhythmMatching(Self.rhythmMatching(nil, at: 1_763_799_302_128)))
        try await store.save(Self.comparison(4, at: 1_763_799_302_129))

        let (csv, count) = try await Self.export(database)
        #expect(count == 5)
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[2]
                == "rhythmComparison,2025-11-22T08:15:02.125Z,P1,up,equalTemperament,,,,false,,,,,120,-7.5,-9.375,,,,,,,,,,,,,,,,,,,,,,,,,,"
        )
        #expect(
            lines[4]
                == "rhythmMatching,2025-11-22T08:15:02.127Z,P1,up,equalTemperament,,,,,,,,,163,,,-3.333333333333,1.111111111111,0.8125,-3.333333333333,,-0.30000000000000004,12.000000001,,,,,,,,,,,,,,,,,,,"
        )
        #expect(
            lines[5]
                == "rhythmMatching,2025-11-22T08:15:02.128Z,P1,up,equalTemperament,,,,,,,,,163,,,,,0.0,,,,,,,,,,,,,,,,,,,,,,,"
        )
        let stored = try await Self.stored(database)
        #expect(stored.count == 5)
        let parsed = try TrainingDataParser.parse(Array(csv))
        #expect(parsed.records == stored)

        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let first = try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge)
        #expect(
            first.imported == 5
                && first.imported(RhythmComparisonKind.self) + first.imported(RhythmMatchingKind.self) == 4)
        #expect(first.byDiscipline[.rhythmComparison] == 2 && first.byDiscipline[.rhythmMatching] == 2)
        #expect(try await Self.stored(other) == stored)
        let again = try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge)
        #expect(again.imported == 0 && again.duplicatesSkipped == 5)
        // What the server lists is what was saved, figure for figure.
        #expect(
            try await SQLiteTrainingDataStore(database: other).records(.rhythmMatching, limit: 10)
                == (try await store.records(.rhythmMatching, limit: 10)))

        let pitchOnly = try TrainingDataParser.parse(FixtureFiles.bytes("iphone/peach-export-format-1.csv"))
        _ = try await TrainingDataTransfer(database: other).importRecords(pitchOnly, mode: .replace)
        #expect(try await Self.stored(other) == pitchOnly.records.sorted { $0.timestamp < $1.timestamp })
    }

    /// Which Voice's records, just and tempered, right and wrong: exported with their five fields and
    /// isCorrect, read back as exactly the stored records, merged into another database as the same
    /// records and back as duplicates only; a row whose isCorrect disagrees with its voices is refused.
    @Test func chordIntonationRecordsRoundTripThroughAFile() async throws {
        let database = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let chords = [
            CompletedChordIntonation(
                rootNote: MIDINote(57)!, triad: .minor, detunedVoice: .middle, detuneCents: Cents(8.4),
                answeredVoice: .highest,
                timestamp: Date(timeIntervalSince1970: 1_763_799_302.125), tuningSystem: .justIntonation),
            CompletedChordIntonation(
                rootNote: MIDINote(48)!, triad: .major, detunedVoice: .lowest, detuneCents: Cents(-0.1 - 0.2),
                answeredVoice: .lowest,
                timestamp: Date(timeIntervalSince1970: 1_763_799_303.5), tuningSystem: .equalTemperament),
        ]
        for chord in chords { try await store.save(.chordIntonation(chord)) }
        let (csv, count) = try await Self.export(database)
        #expect(count == 2)
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[2]
                == "chordIntonation,2025-11-22T08:15:02.125Z,P1,up,justIntonation,,,,false,,,,,,,,,,,,,,,57,minor,middle,8.4,highest,,,,,,,,,,,,,,"
        )
        #expect(
            lines[3]
                == "chordIntonation,2025-11-22T08:15:03.500Z,P1,up,equalTemperament,,,,true,,,,,,,,,,,,,,,48,major,lowest,-0.30000000000000004,lowest,,,,,,,,,,,,,,"
        )
        let stored = try await Self.stored(database)
        let parsed = try TrainingDataParser.parse(Array(csv))
        #expect(parsed.records == stored && stored.count == 2)
        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        #expect(
            try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge).byDiscipline[
                .chordIntonation] == 2)
        #expect(try await Self.stored(other) == stored)
        let again = try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge)
        #expect(again.imported == 0 && again.duplicatesSkipped == 2)

        let lying = String(decoding: csv, as: UTF8.self).replacingOccurrences(of: ",false,", with: ",true,")
        #expect(throws: ImportError.self) { try TrainingDataParser.parse(Array(lying.utf8)) }
    }

    @Test func scaleDegreeRecordsRoundTripThroughAFile() async throws {
        let database = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let answers = [
            CompletedScaleDegree(
                tonicNote: MIDINote(62)!, mode: .minor, degree: .flatSix, answeredDegree: .five,
                timestamp: Date(timeIntervalSince1970: 1_763_799_302.125)),
            CompletedScaleDegree(
                tonicNote: MIDINote(48)!, mode: .major, degree: .sharpFour, answeredDegree: .sharpFour,
                timestamp: Date(timeIntervalSince1970: 1_763_799_303.5)),
        ]
        for answer in answers { try await store.save(.scaleDegree(answer)) }
        let (csv, count) = try await Self.export(database)
        #expect(count == 2)
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[2]
                == "scaleDegree,2025-11-22T08:15:02.125Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,62,minor,b6,5,,,,,,,,,,"
        )
        #expect(
            lines[3]
                == "scaleDegree,2025-11-22T08:15:03.500Z,P1,up,equalTemperament,,,,true,,,,,,,,,,,,,,,,,,,,48,major,#4,#4,,,,,,,,,,"
        )
        let stored = try await Self.stored(database)
        let parsed = try TrainingDataParser.parse(Array(csv))
        #expect(parsed.records == stored && stored.count == 2)
        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        #expect(
            try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge).byDiscipline[
                .scaleDegree] == 2)
        #expect(try await Self.stored(other) == stored)

        // A degree no key has is refused with its line and column.
        let unknown = String(decoding: csv, as: UTF8.self).replacingOccurrences(of: ",b6,", with: ",b4,")
        #expect(throws: ImportError.self) { try TrainingDataParser.parse(Array(unknown.utf8)) }
    }

    @Test func chordQualityRecordsRoundTripThroughAFile() async throws {
        let database = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let answers = [
            CompletedChordQuality(
                rootNote: MIDINote(55)!, quality: .minor7, inversion: 3, voicing: .arpeggio,
                answeredQuality: .dominant7,
                timestamp: Date(timeIntervalSince1970: 1_763_799_302.125)),
            CompletedChordQuality(
                rootNote: MIDINote(60)!, quality: .augmented, inversion: 0, voicing: .block,
                answeredQuality: .augmented,
                timestamp: Date(timeIntervalSince1970: 1_763_799_303.5)),
        ]
        for answer in answers { try await store.save(.chordQuality(answer)) }
        let (csv, count) = try await Self.export(database)
        #expect(count == 2)
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[2]
                == "chordQuality,2025-11-22T08:15:02.125Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,55,,,,,,,,,minor7,3,arpeggio,dominant7,,,,,,"
        )
        let stored = try await Self.stored(database)
        #expect(stored.map(\.trainingRecord) == answers.map(TrainingRecord.chordQuality))
        let parsed = try TrainingDataParser.parse(Array(csv))
        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        #expect(
            try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge).byDiscipline[
                .chordQuality] == 2)
        #expect(try await Self.stored(other) == stored)
    }

    @Test func melodicDictationRecordsRoundTripThroughAFile() async throws {
        let database = try PeachDatabase(path: TemporaryDirectory().databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let answer = CompletedMelodicDictation(
            tonicNote: MIDINote(60)!, mode: .major, melody: Melody(numbers: [60, 62, 64, 67])!,
            answer: Melody(numbers: [60, 62, 65, 67])!,
            timestamp: Date(timeIntervalSince1970: 1_763_799_302.125))
        try await store.save(.melodicDictation(answer))
        let (csv, _) = try await Self.export(database)
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[2]
                == "melodicDictation,2025-11-22T08:15:02.125Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,60,major,,,,,,,60 62 64 67,60 62 65 67,3,,,"
        )
        #expect(try await Self.stored(database).map(\.trainingRecord) == [.melodicDictation(answer)])
        let parsed = try TrainingDataParser.parse(Array(csv))
        let other = try PeachDatabase(path: TemporaryDirectory().databasePath)
        #expect(
            try await TrainingDataTransfer(database: other).importRecords(parsed, mode: .merge).byDiscipline[
                .melodicDictation] == 1)
        // A file whose stated count disagrees with its melodies is refused.
        let miscounted = String(decoding: csv, as: UTF8.self).replacingOccurrences(
            of: "60 62 65 67,3", with: "60 62 65 67,4")
        #expect(throws: ImportError.self) { try TrainingDataParser.parse(Array(miscounted.utf8)) }
    }
}
