import Foundation
import Testing

@testable import PeachCore

struct TimingStrategyTests {
    private func answer(_ percent: Double, correct: Bool) -> CompletedRhythmComparison {
        CompletedRhythmComparison(tempo: TempoBPM(80)!, offsetPercent: percent, isCorrect: correct, timestamp: Date())
    }

    @Test func theThirdOfFourClicksIsDisplacedByTheOffset() {
        let trial = RhythmComparison(tempo: TempoBPM(80)!, offsetPercent: -7.5)
        let clicks = trial.clickSeconds
        #expect(clicks.count == 4)
        #expect(clicks[0] == 0 && clicks[1] == 0.1875 && clicks[3] == 0.5625)
        #expect(abs(clicks[2] - (0.375 - 0.0140625)) < 1e-12)
        #expect(trial.correctAnswer == .early)
        #expect(RhythmComparison(tempo: TempoBPM(80)!, offsetPercent: 3).correctAnswer == .late)
    }

    @Test func answersAreJudgedAndKeepTheirOffsetInMilliseconds() {
        let trial = RhythmComparison(tempo: TempoBPM(120)!, offsetPercent: 10)
        let right = CompletedRhythmComparison(trial, answer: .late, timestamp: Date())
        let wrong = CompletedRhythmComparison(trial, answer: .early, timestamp: Date())
        #expect(right.isCorrect && !wrong.isCorrect)
        #expect(abs(right.offsetMs - 12.5) < 1e-9)
    }

    @Test func kazezNarrowsAfterCorrectWidensAfterWrongWithinOneToTwentyPercent() {
        #expect(TimingStrategy.nextPercent(after: nil) == 20)
        let narrowed = TimingStrategy.nextPercent(after: answer(-10, correct: true))
        let widened = TimingStrategy.nextPercent(after: answer(10, correct: false))
        // The same steps as the pitch chain: p(1 − 0.05√p), p(1 + 0.09√p), to 0.1.
        #expect(abs(narrowed - 8.4) < 1e-9)
        #expect(abs(widened - 12.8) < 1e-9)
        #expect(TimingStrategy.nextPercent(after: answer(1, correct: true)) == 1)
        #expect(TimingStrategy.nextPercent(after: answer(19, correct: false)) == 20)
    }

    @Test func theDirectionWithFewerRecordsComesNext() {
        var generator = SeededGenerator(seed: 3)
        let early = TimingStrategy.next(after: nil, counts: [.early: 2, .late: 5], tempo: .default, using: &generator)
        let late = TimingStrategy.next(after: nil, counts: [.early: 4, .late: 1], tempo: .default, using: &generator)
        #expect(early.offsetPercent < 0 && late.offsetPercent > 0)
        var chain = TimingChain()
        for _ in 0..<40 {
            let trial = chain.next(tempo: .default, using: &generator)
            chain.add(CompletedRhythmComparison(trial, answer: .early, timestamp: Date()))
        }
        #expect(chain.counts[.early] == 20 && chain.counts[.late] == 20)
    }
}
