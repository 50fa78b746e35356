import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

struct TrainingDataParserTests {
    /// Format 7's marker and header: the rows below were written for its 39 columns, and format 8
    /// reads its rows by the same rules.
    static let version7 =
        PeachCSVFormat.markerPrefix + "7\n" + PeachCSVFormat.columns(version: 7).joined(separator: ",") + "\n"

    static let header =
        "# peach-records-format:1\nkind,timestamp,note1,note2,note2CentOffset,isCorrect,referenceNote,initialCentOffset,userCentError\n"

    static func parse(_ text: String) throws(ImportError) -> ParsedTrainingData {
        try TrainingDataParser.parse(Array(text.utf8))
    }

    static func rejection(_ text: String) -> ImportError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    static func ms(_ iso: String) -> MillisecondTimestamp { MillisecondTimestamp(iso8601: iso)! }

    @Test func readsBothKindsOfOurFormat() throws {
        let parsed = try Self.parse(
            Self.header + """
                comparison,2026-11-22T08:15:02.125Z,60,60,-12.5,true,,,
                pitchMatching,2026-11-22T08:16:00.000Z,,,,,69,23.4,-3.25
                """)
        #expect(parsed.format == "Peach records format 1")
        #expect(
            parsed.records == [
                TransferRecord(
                    CompletedComparison(
                        note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(-12.5), isCorrect: true,
                        timestamp: Self.ms("2026-11-22T08:15:02.125Z").date)),
                TransferRecord(
                    CompletedPitchMatching(
                        referenceNote: MIDINote(69)!, initialCentOffset: Cents(23.4), userCentError: Cents(-3.25),
                        timestamp: Self.ms("2026-11-22T08:16:00Z").date)),
            ])
        #expect(parsed.skipped.isEmpty)
    }

    @Test func writtenRowsReadBackExactly() throws {
        let records = [
            TransferRecord(
                CompletedComparison(
                    note1: MIDINote(21)!, note2: MIDINote(21)!, note2CentOffset: Cents(0.1 + 0.2), isCorrect: false,
                    timestamp: Self.ms("2026-01-01T00:00:00.001Z").date)),
            TransferRecord(
                CompletedPitchMatching(
                    referenceNote: MIDINote(0)!, initialCentOffset: Cents(-1e-7), userCentError: Cents(1199.999999999),
                    timestamp: Self.ms("2026-01-01T00:00:00.002Z").date)),
            TransferRecord(
                CompletedComparison(
                    note1: MIDINote(72)!, note2: MIDINote(68)!, note2CentOffset: Cents(-3.7), isCorrect: true,
                    timestamp: Self.ms("2026-01-01T00:00:00.003Z").date, discipline: .intervalComparison,
                    interval: DirectedInterval(.M3, .down)!, tuningSystem: .justIntonation)),
            TransferRecord(
                CompletedPitchMatching(
                    referenceNote: MIDINote(60)!, initialCentOffset: Cents(12.5), userCentError: Cents(-0.25),
                    timestamp: Self.ms("2026-01-01T00:00:00.004Z").date, discipline: .intervalMatching,
                    interval: DirectedInterval(.P8, .up)!, tuningSystem: .equalTemperament)),
            TransferRecord(
                CompletedRhythmComparison(
                    tempo: TempoBPM(200)!, offsetPercent: -(0.1 + 0.2), isCorrect: true,
                    timestamp: Self.ms("2026-01-01T00:00:00.005Z").date)),
            TransferRecord(
                CompletedRhythmMatching(
                    tempo: TempoBPM(40)!, meanOffsetMs: 1e-9, offsetSDMs: nil, hitRate: 1.0 / 16,
                    meanOffsetMsByPosition: [nil, 1e-9, nil, nil], timestamp: Self.ms("2026-01-01T00:00:00.006Z").date)),
            TransferRecord(
                CompletedRhythmMatching(
                    tempo: TempoBPM(97)!, meanOffsetMs: nil, offsetSDMs: nil, hitRate: 0,
                    meanOffsetMsByPosition: [nil, nil, nil, nil], timestamp: Self.ms("2026-01-01T00:00:00.007Z").date)),
            // An empty hit rate: not recorded (a trial imported from the iPhone app).
            TransferRecord(
                CompletedRhythmMatching(
                    tempo: TempoBPM(90)!, meanOffsetMs: 12.3, offsetSDMs: nil, hitRate: nil,
                    meanOffsetMsByPosition: [10.1, nil, -4, nil], timestamp: Self.ms("2026-01-01T00:00:00.008Z").date)),
            TransferRecord(
                CompletedChordQuality(
                    rootNote: MIDINote(55)!, quality: .minor7, inversion: 3, voicing: .arpeggio,
                    answeredQuality: .dominant7, timestamp: Self.ms("2026-01-01T00:00:00.009Z").date)),
            TransferRecord(
                CompletedMelodicDictation(
                    tonicNote: MIDINote(57)!, mode: .minor, melody: Melody(numbers: [57, 60, 64, 62, 60])!,
                    answer: Melody(numbers: [57, 60, 64, 62, 59])!, timestamp: Self.ms("2026-01-01T00:00:00.010Z").date)
            ),
            // A timing measurement's answer: a Compare Timing row named by its discipline.
            TransferRecord(
                CompletedRhythmComparison(
                    tempo: TempoBPM(150)!, offsetPercent: 7.3, isCorrect: false,
                    timestamp: Self.ms("2026-01-01T00:00:00.011Z").date, discipline: .timingMeasurement)),
        ]
        let text =
            PeachCSVFormat.marker + "\n" + PeachCSVFormat.header + "\n"
            + (try records.map(PeachCSVFormat.row)).joined(separator: "\n")
        let parsed = try Self.parse(text)
        #expect(parsed.format == "Peach records format 9")
        #expect(parsed.records == records)
    }

    @Test(arguments: [
        (
            "intervalComparison,2026-01-01T00:00:00.000Z,M3,up,justIntonation,60,63,1,true,,,",
            "note2 '63' is not M3up from note1 60"
        ),
        (
            "intervalComparison,2026-01-01T00:00:00.000Z,P1,down,justIntonation,60,60,1,true,,,",
            "direction 'down' must be up for unison"
        ),
        (
            "intervalComparison,2026-01-01T00:00:00.000Z,M9,up,justIntonation,60,74,1,true,,,",
            "interval 'M9' is not one of"
        ),
        (
            "intervalMatching,2026-01-01T00:00:00.000Z,P5,sideways,equalTemperament,,,,,60,1,1",
            "direction 'sideways' is not up or down"
        ),
        (
            "pitchComparison,2026-01-01T00:00:00.000Z,P5,up,equalTemperament,60,67,1,true,,,",
            "interval 'P5' must be P1 in a pitchComparison row"
        ),
        ("intervalMatching,2026-01-01T00:00:00.000Z,P8,up,pythagorean,,,,,60,1,1", "tuningSystem 'pythagorean' is not"),
        ("rhythm,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,60,60,1,true,,,", "discipline 'rhythm' is not one of"),
    ])
    func rejectsABadVersion2RowNamingItsLine(row: String, reason: String) throws {
        let header =
            PeachCSVFormat.markerPrefix + "2\n" + PeachCSVFormat.columns(version: 2).joined(separator: ",") + "\n"
        let error = try #require(Self.rejection(header + row + "\n"))
        #expect(error.line == 3 && error.reason.contains(reason), "\(error)")
    }

    @Test(arguments: [
        (
            "pitchSinging,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,60,0,12,,,,,,,,,,,,,,,,,,,,,,,,,,,",
            "sungOctave '' is not an octave"
        ),
        (
            "pitchSinging,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,60,0,12,9,,,,,,,,,,,,,,,,,,,,,,,,,,",
            "sungOctave '9' is not an octave"
        ),
        (
            "pitchMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,60,5,12,0,,,,,,,,,,,,,,,,,,,,,,,,,,",
            "sungOctave"
        ),
        (
            "pitchComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,60,60,1,true,,,,1,,,,,,,,,,,,,,,,,,,,,,,,,,",
            "sungOctave"
        ),
    ])
    func onlyASungRowHasAnOctaveAndItAlwaysHasOne(row: String, reason: String) throws {
        let error = try #require(
            Self.rejection(Self.version7 + row + "\n"))
        #expect(error.line == 3 && error.reason.contains(reason), "\(error)")
    }

    @Test func aVersion2FileStillReadsWithoutOctaves() throws {
        let text =
            PeachCSVFormat.markerPrefix + "2\n" + PeachCSVFormat.columns(version: 2).joined(separator: ",") + "\n"
            + "pitchMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,60,5,12\n"
        let parsed = try TrainingDataParser.parse(Array(text.utf8))
        #expect(
            parsed.records.count == 1
                && parsed.records[0].trainingRecord.as(CompletedPitchMatching.self)?.sungOctave == nil)
    }

    @Test func acceptsCRLFQuotedCellsABOMAndTrailingBlankLines() throws {
        let text =
            "\u{FEFF}" + Self.header.replacingOccurrences(of: "\n", with: "\r\n")
            + "\"comparison\",\"2026-11-22T08:15:02.125Z\",60,60,\"1.5\",TRUE,,,\r\n\r\n\r\n"
        let parsed = try Self.parse(text)
        #expect(parsed.records.count == 1)
    }

    @Test(arguments: [
        (
            "comparison,2026-11-22T08:15:02.125Z,60,60,NaN,true,,,", 3,
            "note2CentOffset 'NaN' is not a finite decimal number"
        ),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,inf,true,,,", 3, "note2CentOffset 'inf'"),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,1e999,true,,,", 3, "note2CentOffset '1e999'"),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,-Infinity,true,,,", 3, "note2CentOffset '-Infinity'"),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,0x1p3,true,,,", 3, "note2CentOffset '0x1p3'"),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,1300,true,,,", 3, "outside -1200 to 1200 cents"),
        ("comparison,2026-11-22T08:15:02.125Z,=1+2,60,1,true,,,", 3, "note1 '=1+2' is not a MIDI note"),
        (
            "comparison,2026-11-22T08:15:02.125Z,60,60,\"=HYPERLINK(\"\"http://x\"\")\",true,,,", 3,
            "note2CentOffset '=HYPERLINK"
        ),
        ("comparison,2026-11-22T08:15:02.125Z,128,60,1,true,,,", 3, "note1 '128' is not a MIDI note"),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,1,yes,,,", 3, "isCorrect 'yes' is not true or false"),
        (
            "comparison,2026-11-22T08:15:02.125Z,60,60,1,true,60,,", 3,
            "referenceNote '60' must be empty in a pitchComparison row"
        ),
        (
            "comparison,2026-11-22 08:15:02,60,60,1,true,,,", 3,
            "timestamp '2026-11-22 08:15:02' is not an ISO 8601 time"
        ),
        ("rhythm,2026-11-22T08:15:02.125Z,60,60,1,true,,,", 3, "kind 'rhythm' is not comparison or pitchMatching"),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,1,true,,", 3, "the row has 8 fields; the header has 9"),
        ("comparison,2026-11-22T08:15:02.125Z,60,60,\"1,true,,,", 3, "a quoted field is never closed"),
        ("comparison,2026-11-22T08:15:02.125Z,6\"0,60,1,true,,,", 3, "a quote inside unquoted field 3"),
    ])
    func rejectsABadRowNamingItsLine(row: String, line: Int, reason: String) throws {
        let good = "comparison,2026-11-22T08:15:01.000Z,60,60,1,true,,,\n"
        let error = try #require(Self.rejection(Self.header + good + row + "\n" + good))
        #expect(error.line == line + 1, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
    }

    @Test func rejectsFilesThatAreNotOurs() throws {
        #expect(Self.rejection("")?.description == "line 1: the file is empty")
        #expect(Self.rejection("note1,note2\n60,60\n")?.reason.hasPrefix("not a Peach export") == true)
        #expect(
            Self.rejection("# peach-records-format:10\nkind\n")?.reason.contains("not one this Peach reads (1–9)")
                == true)
        #expect(Self.rejection("# peach-export-format:4\n")?.reason.contains("not one this Peach reads") == true)
        #expect(
            Self.rejection("# peach-records-format:1\nkind,timestamp\n")?.reason == "the header lacks column 'note1'")
        #expect(
            Self.rejection(Self.header.replacingOccurrences(of: "kind,", with: "kind,kind,"))?.reason
                == "column 'kind' appears twice")
        let utf16 = Array(Self.header.data(using: .utf16LittleEndian)!)
        #expect(try #require(rejection(bytes: [0xFF, 0xFE] + utf16)).reason.contains("UTF-16"))
        #expect(rejection(bytes: utf16)?.line == 1)
        let latin1 =
            Array((Self.header + "comparison,2026-11-22T08:15:01.000Z,60,60,1,true,,,\n").utf8) + [
                0x22, 0xE9, 0x22, 0x0A,
            ]
        let error = try #require(rejection(bytes: latin1))
        #expect(error.line == 4 && error.reason.contains("UTF-8"), "\(error)")
    }

    @Test func limitsSizeLineLengthAndFieldCount() throws {
        let long =
            Self.header + "comparison,2026-11-22T08:15:01.000Z,60,60," + String(repeating: "1", count: 70_000)
            + ",true,,,\n"
        #expect(Self.rejection(long)?.reason.contains("longer than 65536 bytes") == true)
        let wide = Self.header + String(repeating: ",", count: 100) + "\n"
        #expect(Self.rejection(wide)?.reason.contains("more than 64 fields") == true)
        let huge = [UInt8](repeating: 0x41, count: TrainingDataParser.maximumBytes + 1)
        #expect(try #require(rejection(bytes: huge)).line == 0)
    }

    /// The file handed over `size` bytes at a time, as an import reads it (`TrainingDataSource`).
    static func piecewise(_ text: String, _ size: Int) async throws(ImportFailure) -> (
        records: [TransferRecord], format: String
    ) {
        let bytes = Array(text.utf8)
        var offset = 0
        let source = TrainingDataSource(expectedBytes: bytes.count) {
            defer { offset += size }
            return offset < bytes.count ? Array(bytes[offset..<min(offset + size, bytes.count)]) : nil
        }
        var records: [TransferRecord] = []
        while let batch = try await source.nextBatch() { records += batch }
        return (records, source.format)
    }

    /// Cut anywhere — inside a CRLF, a quoted field, the byte order mark — a file reads as it does whole.
    @Test(arguments: [1, 2, 3, 7, 64])
    func aFileReadInPiecesReadsAsWhole(size: Int) async throws {
        let good =
            "\u{FEFF}" + Self.header.replacingOccurrences(of: "\n", with: "\r\n")
            + "\"comparison\",\"2026-11-22T08:15:02.125Z\",60,60,\"1.5\",TRUE,,,\r\n\r\n"
            + "comparison,2026-11-22T08:15:03.000Z,60,60,2,false,,,\rcomparison,2026-11-22T08:15:04.000Z,60,60,3,true,,,"
        let whole = try Self.parse(good)
        let pieces = try await Self.piecewise(good, size)
        #expect(pieces.records == whole.records && pieces.format == whole.format && whole.records.count == 3)
        for bad in [
            "comparison,2026-11-22T08:15:02.125Z,6\"0,60,1,true,,,\n",
            "comparison,2026-11-22T08:15:02.125Z,60,60,\"1,true,,,\n",
            "comparison,2026-11-22T08:15:02.125Z,60,60,1,true,,\r\n",
        ] {
            let text = Self.header + "comparison,2026-11-22T08:15:01.000Z,60,60,1,true,,,\r\n" + bad
            let expected = try #require(Self.rejection(text))
            do {
                _ = try await Self.piecewise(text, size)
                Issue.record("accepted in pieces of \(size): \(bad)")
            } catch {
                guard case .rejected(let found)? = error as? ImportFailure else { throw error }
                #expect(found == expected)
            }
        }
    }

    private func rejection(bytes: [UInt8]) -> ImportError? {
        do {
            _ = try TrainingDataParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Peach for iPhone

    @Test(arguments: [1, 2, 3])
    func mapsTheIPhoneExportOntoOurRecords(version: Int) throws {
        let parsed = try TrainingDataParser.parse(FixtureFiles.bytes("iphone/peach-export-format-\(version).csv"))
        #expect(parsed.format == "Peach for iPhone export format \(version)")
        let fifth = DirectedInterval(.P5, .up)!
        // Unison rows stay pitch rows (a just unison is a unison); interval rows keep their interval and tuning.
        #expect(
            parsed.records == [
                TransferRecord(
                    CompletedComparison(
                        note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(12.5), isCorrect: true,
                        timestamp: Self.ms("2026-03-01T09:15:02Z").date)),
                TransferRecord(
                    CompletedComparison(
                        note1: MIDINote(67)!, note2: MIDINote(67)!, note2CentOffset: Cents(-8), isCorrect: false,
                        timestamp: Self.ms("2026-03-01T09:15:05.250Z").date)),
                TransferRecord(
                    CompletedComparison(
                        note1: MIDINote(60)!, note2: MIDINote(67)!, note2CentOffset: Cents(10), isCorrect: true,
                        timestamp: Self.ms("2026-03-01T09:16:00Z").date, discipline: .intervalComparison,
                        interval: fifth, tuningSystem: .equalTemperament)),
                TransferRecord(
                    CompletedPitchMatching(
                        referenceNote: MIDINote(69)!, initialCentOffset: Cents(23.4), userCentError: Cents(-3.2),
                        timestamp: Self.ms("2026-03-02T18:00:00Z").date)),
                TransferRecord(
                    CompletedPitchMatching(
                        referenceNote: MIDINote(57)!, initialCentOffset: Cents(-12), userCentError: Cents(4.5),
                        timestamp: Self.ms("2026-03-02T18:00:10Z").date, discipline: .intervalMatching, interval: fifth,
                        tuningSystem: .justIntonation)),
            ]
                + (version == 1
                    ? []
                    : [
                        // -35.5 ms at 120 BPM, whose sixteenth is 125 ms.
                        TransferRecord(
                            CompletedRhythmComparison(
                                tempo: TempoBPM(120)!, offsetPercent: -35.5 / 125 * 100, isCorrect: true,
                                timestamp: Self.ms("2026-03-03T07:00:00Z").date))
                    ]) + Self.iPhoneFillTheGapRecords(version: version))
        if version > 1, let percent = parsed.records[5].trainingRecord.as(CompletedRhythmComparison.self)?.offsetPercent
        {
            #expect(abs(percent + 28.4) < 1e-12)
        }
        #expect(parsed.skipped.isEmpty)
    }

    /// The Fill the Gap rows of the iPhone fixtures: format 2's one-tap `rhythmMatching` (its one
    /// offset is the mean) and `continuousRhythmMatching` (mean and per-position means) in both
    /// formats; the app recorded neither a hit rate nor an SD, so both are nil.
    static func iPhoneFillTheGapRecords(version: Int) -> [TransferRecord] {
        switch version {
        case 2:
            [
                TransferRecord(
                    CompletedRhythmMatching(
                        tempo: TempoBPM(90)!, meanOffsetMs: 12.3, offsetSDMs: nil, hitRate: nil,
                        meanOffsetMsByPosition: [nil, nil, nil, nil], timestamp: ms("2026-03-03T07:05:00Z").date)),
                TransferRecord(
                    CompletedRhythmMatching(
                        tempo: TempoBPM(140)!, meanOffsetMs: -6.5, offsetSDMs: nil, hitRate: nil,
                        meanOffsetMsByPosition: [nil, -2.25, nil, -11], timestamp: ms("2026-03-03T07:10:00Z").date)),
            ]
        case 3:
            [
                TransferRecord(
                    CompletedRhythmMatching(
                        tempo: TempoBPM(90)!, meanOffsetMs: 12.3, offsetSDMs: nil, hitRate: nil,
                        meanOffsetMsByPosition: [10.1, nil, -4, 8.8], timestamp: ms("2026-03-03T07:05:00Z").date))
            ]
        default: []
        }
    }

    @Test func rejectsABadIPhoneFillTheGapRowNamingItsLine() throws {
        let header =
            "# peach-export-format:2\ntrainingType,timestamp,tempoBPM,userOffsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition3\n"
        let good =
            "continuousRhythmMatching,2026-03-03T07:00:00Z,90,,5,,-1\nrhythmMatching,2026-03-03T07:00:01Z,90,-20,,,\n"
        #expect(try Self.parse(header + good).records.count == 2)
        let cases = [
            ("continuousRhythmMatching,2026-03-03T07:00:02Z,20,,5,,", "tempoBPM '20' is not a tempo"),
            ("continuousRhythmMatching,2026-03-03T07:00:02Z,90,,,,", "meanOffsetMs '' is not a decimal number"),
            ("continuousRhythmMatching,2026-03-03T07:00:02Z,90,,5,late,", "meanOffsetMsPosition0 'late'"),
            ("continuousRhythmMatching,2026-03-03T07:00:02Z,90,,5,,5000", "meanOffsetMsPosition3 '5000'"),
            ("rhythmMatching,2026-03-03T07:00:02Z,90,,,,", "userOffsetMs '' is not a decimal number"),
            ("rhythmMatching,2026-03-03T07:00:02Z,90,inf,,,", "userOffsetMs 'inf'"),
            ("rhythmMatching,2026-03-03T07:00:02Z,,3,,,", "tempoBPM '' is not a tempo"),
        ]
        for (row, reason) in cases {
            let error = try #require(Self.rejection(header + good + row + "\n"))
            #expect(error.line == 5 && error.reason.contains(reason), "\(error)")
        }
    }

    @Test func rejectsABadIPhoneRhythmRowNamingItsLine() throws {
        let header = "# peach-export-format:3\ntrainingType,timestamp,isCorrect,tempoBPM,offsetMs\n"
        let good = "rhythmOffsetDetection,2026-03-03T07:00:00Z,true,120,-35.5\n"
        #expect(try Self.parse(header + good).records.count == 1)
        let cases = [
            ("rhythmOffsetDetection,2026-03-03T07:00:01Z,true,300,-35.5", "tempoBPM '300' is not a tempo"),
            ("rhythmOffsetDetection,2026-03-03T07:00:01Z,true,,-35.5", "tempoBPM '' is not a tempo"),
            ("rhythmOffsetDetection,2026-03-03T07:00:01Z,true,120,early", "offsetMs 'early' is not a decimal number"),
            ("rhythmOffsetDetection,2026-03-03T07:00:01Z,true,120,nan", "offsetMs 'nan'"),
            (
                "rhythmOffsetDetection,2026-03-03T07:00:01Z,true,200,80",
                "offsetMs '80' is more than a sixteenth at 200 BPM"
            ),
            ("rhythmOffsetDetection,2026-03-03T07:00:01Z,maybe,120,3", "isCorrect 'maybe' is not true or false"),
        ]
        for (row, reason) in cases {
            let error = try #require(Self.rejection(header + good + row + "\n"))
            #expect(error.line == 4 && error.reason.contains(reason), "\(error)")
        }
    }

    @Test(arguments: [
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,,300,5,6.25,,,,,,,,,,,,,,,,,,,,,,,",
            "tempoBPM '300' is not a tempo"
        ),
        (
            "chordIntonation,2026-01-01T00:00:00.000Z,P1,up,justIntonation,,,,true,,,,,,,,,,,,,,,60,major,middle,12.5,sideways,,,,,,,,,,,",
            "answeredVoice 'sideways'"
        ),
        (
            "chordIntonation,2026-01-01T00:00:00.000Z,P1,up,justIntonation,,,,true,,,,,,,,,,,,,,,60,major,middle,250,middle,,,,,,,,,,,",
            "detuneCents '250'"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,,120,five,6.25,,,,,,,,,,,,,,,,,,,,,,,",
            "offsetPercent 'five' is not a decimal number"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,,120,5,9,,,,,,,,,,,,,,,,,,,,,,,",
            "offsetMs '9' is not offsetPercent 5.0 of a sixteenth at 120 BPM"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,,120,150,187.5,,,,,,,,,,,,,,,,,,,,,,,",
            "offsetPercent '150'"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,,,,,120,5,6.25,,,,,,,,,,,,,,,,,,,,,,,",
            "isCorrect '' is not true or false"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,60,,,true,,,,,120,5,6.25,,,,,,,,,,,,,,,,,,,,,,,",
            "note1 '60' must be empty in a rhythmComparison row"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,justIntonation,,,,true,,,,,120,5,6.25,,,,,,,,,,,,,,,,,,,,,,,",
            "tuningSystem 'justIntonation' must be equalTemperament"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P5,up,equalTemperament,,,,true,,,,,120,5,6.25,,,,,,,,,,,,,,,,,,,,,,,",
            "interval 'P5' must be P1"
        ),
        (
            "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,,120,5,6.25,,,0.5,,,,,,,,,,,,,,,,,,,,",
            "hitRate '0.5' must be empty in a rhythmComparison row"
        ),
        (
            "rhythmMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,,,,,80,,,1,2,1.5,,,,,,,,,,,,,,,,,,,,",
            "hitRate '1.5' is not a decimal number of hits per gap"
        ),
        (
            "rhythmMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,,,,,80,,,1,-2,0.5,,,,,,,,,,,,,,,,,,,,",
            "offsetSDMs '-2'"
        ),
        (
            "rhythmMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,,,,,80,,,1,2,0.5,,x,,,,,,,,,,,,,,,,,,",
            "meanOffsetMsPosition1 'x'"
        ),
        (
            "rhythmMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,,,,,80,,,1e9,2,0.5,,,,,,,,,,,,,,,,,,,,",
            "meanOffsetMs '1e9'"
        ),
        (
            "rhythmMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,80,,,1,2,0.5,,,,,,,,,,,,,,,,,,,,",
            "isCorrect 'false' must be empty in a rhythmMatching row"
        ),
        (
            "rhythmMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,,,,,80,3,,1,2,0.5,,,,,,,,,,,,,,,,,,,,",
            "offsetPercent '3' must be empty"
        ),
        (
            "pitchComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,60,60,1,true,,,,,120,,,,,,,,,,,,,,,,,,,,,,,,,",
            "tempoBPM '120' must be empty in a pitchComparison row"
        ),
        (
            "scaleDegree,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,60,major,6,b4,,,,,,,",
            "answeredDegree 'b4'"
        ),
        (
            "scaleDegree,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,60,dorian,6,4,,,,,,,",
            "mode 'dorian'"
        ),
        (
            "scaleDegree,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,,,,,,,,,,,,,,,,,60,major,6,4,,,,,,,",
            "isCorrect"
        ),
        (
            "scaleDegree,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,,major,6,4,,,,,,,",
            "tonicNote"
        ),
        (
            "chordQuality,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,60,,,,,,,,,minor,3,block,major,,,",
            "inversion '3' must be below 3 for a minor chord"
        ),
        (
            "chordQuality,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,60,,,,,,,,,minor,1,rolled,major,,,",
            "voicing 'rolled'"
        ),
        (
            "chordQuality,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,60,,,,,,,,,minor,1,block,sus4,,,",
            "answeredQuality 'sus4'"
        ),
        (
            "chordQuality,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,,,,,,,,,,,,60,,,,,,,,,minor,1,block,major,,,",
            "isCorrect"
        ),
        (
            "chordQuality,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,60,,,,,,,,,minor,4,block,major,,,",
            "inversion '4' is not an inversion"
        ),
        (
            "melodicDictation,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,60,major,,,,,,,60 62 x,60 62 64,2",
            "melody '60 62 x' is not MIDI note numbers"
        ),
        (
            "melodicDictation,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,60,major,,,,,,,60 62 64,60 62,2",
            "must have as many notes as melody"
        ),
        (
            "melodicDictation,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,60,major,,,,,,,60,60,1",
            "must have 2 to 8 notes"
        ),
        (
            "melodicDictation,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,false,,,,,,,,,,,,,,,,,,,,60,major,,,,,,,60 62 64,60 62 65,3",
            "correctNotes"
        ),
    ])
    func rejectsABadRhythmOrChordRowNamingItsLine(row: String, reason: String) throws {
        let good =
            "rhythmMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,,,,,80,,,1,2,0.5,1,,,,,,,,,,,,,,,,,,,\n"
        #expect(try Self.parse(Self.version7 + good).records.count == 1)
        let error = try #require(
            Self.rejection(Self.version7 + good + row + "\n"))
        #expect(error.line == 4 && error.reason.contains(reason), "\(error)")
    }

    @Test func aVersion3FileHasNoRhythmRows() throws {
        let text =
            PeachCSVFormat.markerPrefix + "3\n" + PeachCSVFormat.columns(version: 3).joined(separator: ",") + "\n"
            + "pitchMatching,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,,60,5,12,\n"
            + "rhythmComparison,2026-01-01T00:00:00.000Z,P1,up,equalTemperament,,,,true,,,,\n"
        let error = try #require(Self.rejection(text))
        #expect(
            error.line == 4 && error.reason.contains("rhythmComparison rows are not part of CSV format 3"), "\(error)")
    }

    @Test func rejectsAnInconsistentIPhoneRowNamingItsLine() throws {
        let header =
            "# peach-export-format:3\ntrainingType,timestamp,referenceNote,targetNote,interval,centOffset,isCorrect\n"
        let cases = [
            (
                "pitchDiscrimination,2026-03-01T09:15:02Z,60,64,P1,1,true",
                "does not span referenceNote 60 to targetNote 64"
            ),
            (
                "pitchDiscrimination,2026-03-01T09:15:02Z,60,60,M3,1,true",
                "does not span referenceNote 60 to targetNote 60"
            ),
            ("pitchDiscrimination,2026-03-01T09:15:02Z,60,63,M3,1,true", "does not span"),
            ("pitchDiscrimination,2026-03-01T09:15:02Z,60,64,X9,1,true", "interval 'X9' is not one of"),
            ("pitchDiscrimination,2026-03-01T09:15:02Z,60,60,P1,nan,true", "centOffset 'nan'"),
            ("earTraining,2026-03-01T09:15:02Z,60,60,P1,1,true", "trainingType 'earTraining' is not one of"),
            ("rhythmOffsetDetection,yesterday,,,,,true", "timestamp 'yesterday'"),
        ]
        for (row, reason) in cases {
            let error = try #require(
                Self.rejection(header + "pitchDiscrimination,2026-03-01T09:15:01Z,60,60,P1,1,true\n" + row))
            #expect(error.line == 4 && error.reason.contains(reason), "\(error)")
        }
    }
}
