import Foundation
import Testing

@testable import PeachCore
@testable import PeachStore

extension TrainingDataStoreContractTests {
    /// A Compare Timing answer and two Fill the Gap answers, one without a hit (every figure but the
    /// hit rate empty).
    static let rhythmRecords: [TrainingRecord] = [
        .rhythmComparison(
            CompletedRhythmComparison(
                tempo: TempoBPM(80)!, offsetPercent: -7.5, isCorrect: true,
                timestamp: Date(timeIntervalSince1970: 1_800_000_010.125))),
        .rhythmMatching(
            CompletedRhythmMatching(
                tempo: TempoBPM(163)!, meanOffsetMs: -3.25, offsetSDMs: 9.5, hitRate: 0.875,
                meanOffsetMsByPosition: [-1, nil, 4.25, -8], timestamp: Date(timeIntervalSince1970: 1_800_000_011.250))),
        .rhythmMatching(
            CompletedRhythmMatching(
                tempo: TempoBPM(40)!, meanOffsetMs: nil, offsetSDMs: nil, hitRate: 0,
                meanOffsetMsByPosition: [nil, nil, nil, nil], timestamp: Date(timeIntervalSince1970: 1_800_000_012.500))
        ),
    ]

    @Test(arguments: Backend.allCases)
    func rhythmRecordsAreSavedListedReplayedAndFoundByKey(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let key = AnswerKey(rawValue: "key-rhythm-matching")!
        try await harness.store.save(Self.records[0])
        try await harness.store.save(Self.rhythmRecords[0])
        try await harness.store.save(Self.rhythmRecords[1], key: key)
        try await harness.store.save(Self.rhythmRecords[2])
        #expect(try await harness.store.records(nil, limit: 10) == Self.rhythmRecords.reversed() + [Self.records[0]])
        #expect(try await harness.store.records(.rhythmComparison, limit: 10) == [Self.rhythmRecords[0]])
        #expect(
            try await harness.store.records(.rhythmMatching, limit: 10) == [
                Self.rhythmRecords[2], Self.rhythmRecords[1],
            ])
        #expect(try await harness.store.record(savedUnder: key) == Self.rhythmRecords[1])
        let timing = try await harness.store.reduce(RhythmComparisonKind.self, into: [TrainingRecord]()) {
            $0.append(TrainingRecord($1))
        }
        let tapping = try await harness.store.reduce(RhythmMatchingKind.self, into: [TrainingRecord]()) {
            $0.append(TrainingRecord($1))
        }
        #expect(timing + tapping == Self.rhythmRecords)
        let chain = try await harness.store.timingChain()
        #expect(chain.counts == [.early: 1])
        #expect(chain.last.map { TrainingRecord.rhythmComparison($0) } == Self.rhythmRecords[0])
        try await harness.store.deleteAll()
        #expect(try await harness.store.records(nil, limit: 10).isEmpty)
    }

    /// A timing measurement's answer is a Compare Timing record of its own discipline: listed and
    /// replayed as such, and not where the training chain continues.
    @Test(arguments: Backend.allCases)
    func aTimingMeasurementsAnswerKeepsItsDiscipline(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let measured = TrainingRecord.rhythmComparison(
            CompletedRhythmComparison(
                tempo: TempoBPM(120)!, offsetPercent: 4.2, isCorrect: false,
                timestamp: Date(timeIntervalSince1970: 1_800_000_020.5),
                discipline: .timingMeasurement))
        try await harness.store.save(Self.rhythmRecords[0])
        try await harness.store.save(measured)
        #expect(try await harness.store.records(.timingMeasurement, limit: 10) == [measured])
        #expect(try await harness.store.records(nil, limit: 10) == [measured, Self.rhythmRecords[0]])
        let replayed = try await harness.store.reduce(RhythmComparisonKind.self, into: [TrainingRecord]()) {
            $0.append(TrainingRecord($1))
        }
        #expect(replayed == [Self.rhythmRecords[0], measured])
        let chain = try await harness.store.timingChain()
        #expect(chain.last.map { TrainingRecord.rhythmComparison($0) } == Self.rhythmRecords[0])
    }

    @Test(arguments: Backend.allCases)
    func aRhythmTrialStaysOpenWhole(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let issuedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let trials = [
            OpenTrial(
                id: "trial-timing",
                trial: .rhythmComparison(RhythmComparison(tempo: TempoBPM(97)!, offsetPercent: 3.7)), issuedAt: issuedAt
            ),
            OpenTrial(
                id: "trial-gaps",
                trial: .rhythmMatching(
                    RhythmMatchingTrial(tempo: TempoBPM(140)!, gapPositions: (0..<16).map { $0 % 4 })),
                issuedAt: issuedAt),
        ]
        for trial in trials { try await harness.store.open(trial, keptFor: Self.week) }
        for trial in trials { #expect(try await harness.store.openTrial(id: trial.id) == trial) }
    }
}
