import Foundation
import Testing

@testable import PeachCore

/// The placement run's posterior, its choice of the next difference and its stop rule.
struct ThresholdPlacementTests {
    static let pitch = 0.1...100.0

    static func estimate(_ lower: Double, _ upper: Double, open: Bool = false) -> ThresholdEstimate {
        ThresholdEstimate(
            threshold: Cents((lower * upper).squareRoot()), lower: Cents(lower), upper: Cents(upper), upperIsOpen: open,
            percentCorrect: ThresholdEstimator.percentCorrect, trialCount: 10)
    }

    @Test func beforeAnyAnswerTheIntervalSpansTheRangeAndTheFirstDifferenceLiesInside() {
        let placement = ThresholdPlacement(differences: Self.pitch)
        let estimate = placement.estimate
        #expect(estimate.lower.rawValue < 0.4 && estimate.upper.rawValue > 50, "\(estimate)")
        #expect((1...30).contains(placement.nextDifference), "first difference \(placement.nextDifference)")
        #expect(!placement.isFinished)
    }

    @Test func rightAnswersLowerTheNextDifferenceAndWrongOnesRaiseIt() {
        var right = ThresholdPlacement(differences: Self.pitch)
        var wrong = right
        let first = right.nextDifference
        for _ in 0..<4 {
            right.record(.init(difference: right.nextDifference, isCorrect: true))
            wrong.record(.init(difference: wrong.nextDifference, isCorrect: false))
        }
        #expect(right.nextDifference < first)
        #expect(wrong.nextDifference > first)
        #expect(right.estimate.threshold < wrong.estimate.threshold)
    }

    @Test func aRunResumedFromItsAnswersContinuesWhereItWas() {
        var played = ThresholdPlacement(differences: Self.pitch)
        for index in 0..<12 { played.record(.init(difference: played.nextDifference, isCorrect: index % 3 != 0)) }
        let resumed = ThresholdPlacement(differences: Self.pitch, trials: played.trials)
        #expect(resumed.nextDifference == played.nextDifference)
        #expect(resumed.estimate == played.estimate)
        #expect(resumed.estimate.trialCount == 12)
    }

    @Test func theRunStopsAtFortyTrialsOrOnceTheIntervalIsNarrowEnough() {
        #expect(!ThresholdPlacement.stops(after: 39, at: Self.estimate(5, 7.6)))
        #expect(ThresholdPlacement.stops(after: 40, at: Self.estimate(5, 20)))
        #expect(ThresholdPlacement.stops(after: 12, at: Self.estimate(5, 7.5)))
        #expect(!ThresholdPlacement.stops(after: 12, at: Self.estimate(90, 100, open: true)))
    }

    /// A dozen answers (a short run keeps a debug build's test short) already narrow the prior's
    /// interval severalfold, around the truth.
    @Test func aDozenAnswersOfASimulatedListenerPlaceItsThreshold() {
        var generator = SeededGenerator(seed: 33)
        let listener = SimulatedListener(threshold: Cents(10))
        var placement = ThresholdPlacement(differences: Self.pitch)
        for _ in 0..<12 {
            let difference = placement.nextDifference
            let answer = listener.answer(
                Comparison(note1: MIDINote(60)!, centOffset: Cents(difference)), using: &generator)
            placement.record(.init(difference: difference, isCorrect: answer == .higher))
        }
        #expect(placement.estimate.covers(Cents(10)), "\(placement.estimate)")
        let prior = ThresholdPlacement(differences: Self.pitch).estimate
        let ratio = { (estimate: ThresholdEstimate) in estimate.upper.rawValue / estimate.lower.rawValue }
        #expect(ratio(placement.estimate) < ratio(prior) / 4, "\(placement.estimate) from \(prior)")
        #expect(!placement.isFinished)
    }

    @Test func aListenerWhoNeverHearsIsOpenAbove() {
        var placement = ThresholdPlacement(differences: Self.pitch)
        for index in 0..<30 {
            placement.record(.init(difference: placement.nextDifference, isCorrect: index.isMultiple(of: 2)))
        }
        #expect(placement.estimate.upperIsOpen, "\(placement.estimate)")
        #expect(placement.nextDifference > 50)
    }

    @Test func halfRightIsChanceForTwoChoicesButNotForThree() {
        let trials = (0..<30).map { ThresholdEstimator.Trial(difference: 10, isCorrect: $0.isMultiple(of: 2)) }
        let two = ThresholdPlacement(differences: Self.pitch, trials: trials).estimate
        let three = ThresholdPlacement(differences: Self.pitch, guessRate: 1.0 / 3, trials: trials).estimate
        #expect(two.lower.rawValue > 10, "\(two)")
        #expect(three.threshold < two.threshold, "\(three) vs \(two)")
    }
}
