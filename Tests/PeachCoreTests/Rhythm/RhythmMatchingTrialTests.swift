import Foundation
import Testing

@testable import PeachCore

struct RhythmMatchingTrialTests {
    /// 120 BPM: a sixteenth is 125 ms, so gap k of position p is at (4k + p) × 0.125 s.
    private let trial = RhythmMatchingTrial(
        tempo: TempoBPM(120)!, gapPositions: [0, 1, 2, 3] + Array(repeating: 1, count: 12))

    @Test func clicksSoundEverySixteenthButTheGaps() {
        #expect(trial.clickSeconds.count == 48)
        #expect(trial.gapSeconds.count == 16)
        #expect(trial.gapSeconds[0] == 0 && trial.gapSeconds[1] == 0.625 && trial.gapSeconds[3] == 1.875)
        #expect(Set(trial.clickSeconds).isDisjoint(with: trial.gapSeconds))
        #expect(Array(trial.clickSeconds.prefix(3)) == [0.125, 0.25, 0.375])
    }

    @Test func eachTapHitsItsNearestGapWithinHalfASixteenth() {
        let judged = trial.judge(taps: [0.010, 0.625 - 0.020, 1.25 + 0.070, 1.875 + 0.030])
        #expect(judged.taps[0] == TapJudgement.Tap(gap: 0, offsetSeconds: 0.010))
        #expect(judged.taps[1].gap == 1 && abs(judged.taps[1].offsetSeconds! + 0.020) < 1e-12)
        // 70 ms is more than half of 125 ms from every gap: a miss.
        #expect(judged.taps[2] == .miss)
        #expect(judged.taps[3].gap == 3)
        #expect(judged.hitRate == 3.0 / 16)
        let record = CompletedRhythmMatching(judged, timestamp: Date())
        #expect(abs(record.meanOffsetMs! - (10 - 20 + 30) / 3) < 1e-9)
        #expect(abs(record.offsetSDMs! - 25.166114784235835) < 1e-9)
        #expect(record.meanOffsetMsByPosition.count == 4)
        #expect(abs(record.meanOffsetMsByPosition[0]! - 10) < 1e-9)
        #expect(abs(record.meanOffsetMsByPosition[1]! + 20) < 1e-9)
        #expect(record.meanOffsetMsByPosition[2] == nil)
        #expect(abs(record.meanOffsetMsByPosition[3]! - 30) < 1e-9)
    }

    @Test func onlyTheNearestOfSeveralTapsOnOneGapIsItsHit() {
        let judged = trial.judge(taps: [0.040, -0.005, 0.030])
        #expect(judged.taps.map(\.gap) == [nil, 0, nil])
        #expect(judged.hitRate == 1.0 / 16)
    }

    @Test func noTapsMeansNoMeanAndNoSpread() {
        let record = CompletedRhythmMatching(trial.judge(taps: []), timestamp: Date())
        #expect(record.meanOffsetMs == nil && record.offsetSDMs == nil && record.hitRate == 0)
        #expect(record.meanOffsetMsByPosition == [nil, nil, nil, nil])
    }

    @Test func aRandomTrialHasOneGapPerCycle() {
        var generator = SeededGenerator(seed: 9)
        let random = RhythmMatchingTrial.random(tempo: .default, using: &generator)
        #expect(random.gapPositions.count == 16 && random.gapPositions.allSatisfy { (0...3).contains($0) })
        #expect(Set(random.gapPositions).count > 1)
    }

    @Test func judgingGoesThroughTrial() {
        let record = Trial.rhythmMatching(trial).judge(.taps([0.625]), at: Date())
        guard let judged = record?.as(CompletedRhythmMatching.self) else {
            Issue.record("not a Fill the Gap record")
            return
        }
        #expect(judged.hitRate == 1.0 / 16 && judged.meanOffsetMs == 0)
        #expect(Trial.rhythmMatching(trial).judge(.timing(.early), at: Date()) == nil)
        #expect(
            Trial.rhythmComparison(RhythmComparison(tempo: .default, offsetPercent: 5)).judge(
                .direction(.higher), at: Date()) == nil)
    }
}
