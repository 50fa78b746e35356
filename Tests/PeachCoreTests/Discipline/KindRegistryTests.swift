import Foundation
import Testing

@testable import PeachCore

/// The registry: every discipline belongs to exactly one kind, names are unique, and each kind's
/// record goes through the one row mapping and comes back whole.
struct KindRegistryTests {
    @Test func everyDisciplineIsDeclaredOnceByOneKind() {
        let names = Discipline.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(Set(TrainingKinds.all.map { $0.id }).count == TrainingKinds.all.count)
        #expect(Set(TrainingKinds.all.map { $0.table }).count == TrainingKinds.all.count)
        for discipline in Discipline.allCases {
            #expect(Discipline(rawValue: discipline.rawValue) == discipline)
            #expect(TrainingKinds.kind(discipline.kind)?.id == discipline.kind)
            #expect(discipline.trainingKind.disciplines.contains { $0.discipline == discipline })
        }
        #expect(Discipline(rawValue: "rhythm") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Discipline.self, from: Data(#""rhythm""#.utf8)) }
    }

    /// The names stored in rows, files and URLs before the registry existed.
    @Test func theStoredNamesAreUnchanged() {
        #expect(
            Discipline.allCases.map(\.rawValue) == [
                "pitchComparison", "intervalComparison", "pitchMeasurement", "intervalMeasurement", "pitchMatching",
                "intervalMatching", "pitchSinging", "intervalSinging", "rhythmComparison",
                "timingMeasurement", "rhythmMatching", "chordIntonation", "chordIntonationMeasurement", "scaleDegree",
                "chordQuality", "melodicDictation", "chordProgression", "commonProgression",
            ])
        #expect(
            TrainingKinds.all.map { $0.id.rawValue } == [
                "comparison", "matching", "rhythmComparison", "rhythmMatching", "chordIntonation", "scaleDegree",
                "chordQuality", "melodicDictation", "chordProgression",
            ])
        #expect(
            TrainingKinds.all.map { $0.table } == [
                "comparison", "pitchMatching", "rhythmComparison", "rhythmMatching", "chordIntonation", "scaleDegree",
                "chordQuality", "melodicDictation", "chordProgression",
            ])
    }

    static let records: [TrainingRecord] = [
        .comparison(
            CompletedComparison(
                note1: MIDINote(72)!, note2: MIDINote(68)!, note2CentOffset: Cents(-3.7), isCorrect: true,
                timestamp: Date(timeIntervalSince1970: 1_800_000_000.125), discipline: .intervalComparison,
                interval: DirectedInterval(.M3, .down)!, tuningSystem: .justIntonation)),
        .matching(
            CompletedPitchMatching(
                referenceNote: MIDINote(64)!, initialCentOffset: .zero, userCentError: Cents(-7),
                timestamp: Date(timeIntervalSince1970: 1),
                discipline: .pitchSinging, sungOctave: -1)),
        .matching(
            CompletedPitchMatching(
                referenceNote: MIDINote(55)!, initialCentOffset: .zero, userCentError: Cents(4.5),
                timestamp: Date(timeIntervalSince1970: 1),
                discipline: .intervalSinging, interval: DirectedInterval(.m6, .down)!, tuningSystem: .justIntonation,
                sungOctave: 0)),
        .matching(
            CompletedPitchMatching(
                referenceNote: MIDINote(60)!, initialCentOffset: Cents(12.5), userCentError: Cents(0.25),
                timestamp: Date(timeIntervalSince1970: 2))),
        .rhythmComparison(
            CompletedRhythmComparison(
                tempo: TempoBPM(120)!, offsetPercent: -7.5, isCorrect: false, timestamp: Date(timeIntervalSince1970: 3))
        ),
        .rhythmMatching(
            CompletedRhythmMatching(
                tempo: TempoBPM(90)!, meanOffsetMs: 12.3, offsetSDMs: nil, hitRate: nil,
                meanOffsetMsByPosition: [10.1, nil, -4, nil],
                timestamp: Date(timeIntervalSince1970: 4))),
    ]

    @Test(arguments: records)
    func aRecordsFieldsGoThroughARowAndComeBackWhole(record: TrainingRecord) throws {
        #expect(try Self.roundTrip(record.value) == record)
    }

    static func roundTrip<Record: KindRecord>(_ record: Record) throws -> TrainingRecord {
        let values = try RecordRow.values(of: record)
        #expect(values.count == Record.fieldNames.count)
        return TrainingRecord(
            try RecordRow.record(
                Record.self, timestamp: record.timestamp, labels: record.labels, from: ColumnValues(values)))
    }

    /// The record's own `Codable`: its labels, time and fields under their names, as the API and
    /// any JSON carry it.
    @Test(arguments: records)
    func aRecordIsItsOwnJSON(record: TrainingRecord) throws {
        #expect(try Self.json(record.value) == record)
    }

    static func json<Record: KindRecord>(_ record: Record) throws -> TrainingRecord {
        TrainingRecord(try JSONDecoder().decode(Record.self, from: JSONEncoder().encode(record)))
    }

    @Test func aKindWithoutDerivedFiguresHasNoNamesForThem() {
        #expect(NamedValues.names(of: CompletedComparison.Derived.self).isEmpty)
        #expect(NamedValues.names(of: CompletedRhythmComparison.Derived.self) == ["offsetMs"])
    }

    @Test func aTrialsKindIsWhereItsAnswersAreJudged() throws {
        let trial = Trial.rhythmComparison(RhythmComparison(tempo: .default, offsetPercent: -5))
        #expect(trial.kind.id == .rhythmComparison)
        let record = try #require(trial.judge(.timing(.early), at: Date(timeIntervalSince1970: 9)))
        #expect(record.as(CompletedRhythmComparison.self)?.isCorrect == true)
        #expect(record.as(CompletedComparison.self) == nil)
        #expect(trial.judge(.taps([0.1]), at: Date()) == nil)
    }
}
