import Foundation
import Testing

@testable import PeachCore

struct KazezStrategyTests {
    let strategy = KazezStrategy(bounds: Cents(0.1)...Cents(100))

    func answered(_ difference: Double, correct: Bool) -> CompletedComparison {
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(difference), isCorrect: correct,
            timestamp: Date(timeIntervalSince1970: 0))
    }

    @Test func narrowingAndWideningFollowTheKazezFormulas() {
        #expect(KazezStrategy.narrowed(Cents(100)).rawValue.isApproximatelyEqual(to: 50))
        #expect(abs(KazezStrategy.narrowed(Cents(10)).rawValue - 8.42) < 0.005)
        #expect(KazezStrategy.widened(Cents(100)).rawValue.isApproximatelyEqual(to: 190))
        #expect(abs(KazezStrategy.widened(Cents(10)).rawValue - 12.846) < 0.001)
    }

    @Test func aCorrectAnswerNarrowsAndAWrongOneWidens() {
        #expect(strategy.nextDifference(after: answered(100, correct: true), coldStart: nil) == Cents(50))
        #expect(strategy.nextDifference(after: answered(10, correct: true), coldStart: nil) == Cents(8.4))
        #expect(strategy.nextDifference(after: answered(-10, correct: false), coldStart: nil) == Cents(12.8))
    }

    @Test func resultsAreRoundedToTheTenthOfACent() {
        for start in stride(from: 0.5, through: 90, by: 0.7) {
            let next = strategy.nextDifference(after: answered(start, correct: true), coldStart: nil).rawValue
            #expect(abs(next * 10 - (next * 10).rounded()) < 1e-9, "\(next) after \(start)")
        }
    }

    @Test func differencesAreClampedToTheConfiguredBounds() {
        let bounded = KazezStrategy(bounds: Cents(1)...Cents(50))
        #expect(bounded.nextDifference(after: answered(40, correct: false), coldStart: nil) == Cents(50))
        #expect(bounded.nextDifference(after: answered(1, correct: true), coldStart: nil) == Cents(1))
        #expect(bounded.nextDifference(after: nil, coldStart: Cents(80)) == Cents(50))
    }

    @Test func coldStartUsesTheProfileMeanElseTheMaximum() {
        #expect(strategy.nextDifference(after: nil, coldStart: nil) == Cents(100))
        #expect(strategy.nextDifference(after: nil, coldStart: Cents(23.47)) == Cents(23.5))
    }

    @Test func comparisonsRoveOverTheRangeInBothDirections() throws {
        let range = try NoteRange(lower: 40, upper: 60)
        var generator = SeededGenerator(seed: 1)
        let comparisons = (0..<500).map { _ in
            strategy.nextComparison(after: answered(20, correct: true), coldStart: nil, in: range, using: &generator)
        }
        #expect(comparisons.allSatisfy { range.contains($0.note1) && $0.note2 == $0.note1 })
        #expect(comparisons.allSatisfy { $0.centOffset.magnitude == Cents(15.5) })
        let ups = comparisons.filter { $0.centOffset > .zero }.count
        #expect((200...300).contains(ups))
        #expect(Set(comparisons.map(\.note1)).count == 21)
    }

    @Test func aWholeChainSettlesBetweenTheBounds() {
        var generator = SeededGenerator(seed: 3)
        var last: CompletedComparison?
        for _ in 0..<1000 {
            let comparison = strategy.nextComparison(after: last, coldStart: nil, in: .default, using: &generator)
            #expect((Cents(0.1)...Cents(100)).contains(comparison.centOffset.magnitude))
            // A listener who is right two times out of three.
            let correct = Int.random(in: 0..<3, using: &generator) > 0
            last = CompletedComparison(
                comparison,
                answer: correct ? comparison.correctAnswer : (comparison.correctAnswer == .higher ? .lower : .higher),
                timestamp: Date())
        }
    }

    @Test func loudnessVariationStaysWithinItsBoundAndIsOffWhenZero() throws {
        var generator = SeededGenerator(seed: 11)
        let offsets = (0..<500).map { _ in
            strategy.nextComparison(after: nil, coldStart: nil, in: .default, loudnessVariation: 0.5, using: &generator)
                .note2LevelOffset.rawValue
        }
        #expect(offsets.allSatisfy { abs($0) <= 1.0 })
        #expect(offsets.max()! > 0.8 && offsets.min()! < -0.8)
        let none = strategy.nextComparison(
            after: nil, coldStart: nil, in: .default, loudnessVariation: 0, using: &generator)
        #expect(none.note2LevelOffset == .zero)
    }
}
