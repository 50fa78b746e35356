import Foundation
import Testing

@testable import PeachCore

struct ThresholdEstimatorTests {
    typealias Trial = ThresholdEstimator.Trial

    /// Trials at `levels`, `perLevel` each, with the share of correct answers the model predicts for
    /// a listener with this threshold and slope (rounded to whole answers).
    static func idealTrials(threshold: Double, slope: Double = 1, levels: [Double], perLevel: Int) -> [Trial] {
        levels.flatMap { level in
            let p = ThresholdEstimator.probabilityCorrect(difference: level, threshold: threshold, slope: slope)
            let correct = Int((p * Double(perLevel)).rounded())
            return (0..<perLevel).map { Trial(difference: level, isCorrect: $0 < correct) }
        }
    }

    @Test(arguments: [0.7, 1, 2.5])
    func theThresholdIsWhereTheModelGivesSeventyFivePercentWhateverTheSlope(slope: Double) {
        #expect(abs(ThresholdEstimator.probabilityCorrect(difference: 8, threshold: 8, slope: slope) - 0.75) < 1e-9)
        #expect(abs(ThresholdEstimator.probabilityCorrect(difference: 0, threshold: 8, slope: slope) - 0.5) < 1e-12)
        #expect(abs(ThresholdEstimator.probabilityCorrect(difference: 1e6, threshold: 8, slope: slope) - 0.99) < 1e-12)
    }

    @Test func tooFewTrialsGiveNoEstimate() {
        #expect(
            ThresholdEstimator().estimate(Self.idealTrials(threshold: 10, levels: [5, 10, 20], perLevel: 6)) == nil)
    }

    @Test func answersThatAreAllCorrectCannotPlaceTheThreshold() {
        #expect(ThresholdEstimator().estimate((0..<200).map { _ in Trial(difference: 5, isCorrect: true) }) == nil)
    }

    @Test func answersAtChanceEverywhereBoundTheThresholdOnlyFromBelow() throws {
        let trials = (0..<200).map { Trial(difference: 5, isCorrect: $0.isMultiple(of: 2)) }
        let estimate = try #require(ThresholdEstimator().estimate(trials))
        #expect(estimate.upperIsOpen)
        #expect(estimate.lower.rawValue > 5)
        #expect(estimate.covers(Cents(2000)))
    }

    @Test(arguments: [(3.0, 1.0), (10, 1), (30, 1), (10, 2), (10, 3.5)])
    func idealDataRecoverTheThresholdInsideItsInterval(threshold: Double, slope: Double) throws {
        let levels = [0.25, 0.5, 1, 2].map { $0 * threshold }
        let trials = Self.idealTrials(threshold: threshold, slope: slope, levels: levels, perLevel: 100)
        let estimate = try #require(ThresholdEstimator().estimate(trials))
        #expect(abs(estimate.threshold.rawValue / threshold - 1) < 0.05, "\(estimate)")
        #expect(estimate.covers(Cents(threshold)))
        #expect(!estimate.upperIsOpen)
        #expect(estimate.lower < estimate.threshold && estimate.threshold < estimate.upper)
        #expect(estimate.percentCorrect == 0.75)
        #expect(estimate.trialCount == 400)
    }

    @Test func moreTrialsNarrowTheInterval() throws {
        let levels = [2.0, 4, 8, 16]
        let few = try #require(
            ThresholdEstimator().estimate(Self.idealTrials(threshold: 8, levels: levels, perLevel: 25)))
        let many = try #require(
            ThresholdEstimator().estimate(Self.idealTrials(threshold: 8, levels: levels, perLevel: 400)))
        #expect(many.upper.rawValue - many.lower.rawValue < (few.upper.rawValue - few.lower.rawValue) / 2)
    }

    @Test func aThresholdFarAboveEveryDifferencePlayedIsOpenAbove() throws {
        // Three answers in five correct at every difference up to 100 ¢: the 75 % point lies beyond
        // anything played, and the answers cannot say how far.
        let trials = (0..<150).map { index in
            Trial(difference: [25, 50, 100][index % 3], isCorrect: index % 5 < 3)
        }
        let estimate = try #require(ThresholdEstimator().estimate(trials))
        #expect(estimate.upperIsOpen)
        #expect(estimate.lower.rawValue > 25)
    }

    /// The lattice index of the grid's first threshold, and its step in log cents.
    static let lowest = (log(ThresholdEstimator.thresholdRange.lowerBound) / TrialCounts.step).rounded(.down)
    static let step = TrialCounts.step

    /// Masses on the grid's thresholds from a density over log T that falls from `peak` (cents) with
    /// a standard deviation of `below` on one side and `above` on the other.
    static func masses(peak: Double, below: Double, above: Double) -> [Double] {
        (0..<ThresholdEstimator.rowCount).map { row in
            let x = (lowest + Double(row)) * step - log(peak)
            return exp(-0.5 * pow(x / (x < 0 ? below : above), 2))
        }
    }

    /// The share of `mass` (each spread evenly over its cell) between `lower` and `upper`.
    static func share(of mass: [Double], from lower: Double, to upper: Double) -> Double {
        let held = mass.indices.map { row in
            let start = (lowest + Double(row) - 0.5) * step
            let end = start + step
            return mass[row] * max(0, min(end, log(upper)) - max(start, log(lower))) / step
        }
        return held.reduce(0, +) / mass.reduce(0, +)
    }

    @Test func aSymmetricPosteriorGivesTheCentralInterval() {
        let quantile = ThresholdEstimator.quantiles(Self.masses(peak: 10, below: 0.3, above: 0.3))
        let interval = ThresholdEstimator.shortestInterval(quantile)
        #expect(abs(interval.lower / quantile(0.025) - 1) < 0.01, "\(interval)")
        #expect(abs(interval.upper / quantile(0.975) - 1) < 0.01, "\(interval)")
    }

    /// A long upper tail, as shallow slopes give when the answers lie far below the threshold: the
    /// central 95 % would leave out 2.5 % of the dense lower side and run far up the tail.
    @Test func aSkewedPosteriorGivesTheShortestIntervalThatHoldsNinetyFivePercent() {
        let mass = Self.masses(peak: 10, below: 0.2, above: 1)
        let quantile = ThresholdEstimator.quantiles(mass)
        let interval = ThresholdEstimator.shortestInterval(quantile)
        #expect(abs(Self.share(of: mass, from: interval.lower, to: interval.upper) - 0.95) < 0.001)
        #expect(interval.upper / interval.lower < 0.95 * quantile(0.975) / quantile(0.025), "\(interval)")
        #expect(interval.lower < quantile(0.025) && interval.upper < quantile(0.975))
    }

    @Test func countsAddUpLikeTheTrialsTheyCount() {
        let trials = Self.idealTrials(threshold: 10, levels: [3, 6, 12, 24], perLevel: 30)
        var pooled = TrialCounts(trials.prefix(50))
        pooled.add(TrialCounts(trials.dropFirst(50)))
        #expect(pooled == TrialCounts(trials))
        #expect(pooled.count == 120)
        #expect(ThresholdEstimator().estimate(pooled) == ThresholdEstimator().estimate(trials))
    }

    /// Counts are kept in slots widened as differences arrive: the same answers in another order
    /// (widening downwards, upwards, or not at all) are the same counts.
    @Test func theOrderOfAnswersDoesNotChangeTheCounts() {
        let trials = Self.idealTrials(threshold: 10, levels: [3, 6, 12, 24], perLevel: 30)
        let reversed = TrialCounts(trials.reversed())
        #expect(reversed == TrialCounts(trials))
        #expect(reversed.hashValue == TrialCounts(trials).hashValue)
        #expect(TrialCounts(trials.prefix(10)) != TrialCounts(trials.prefix(11)))
        #expect(TrialCounts() == TrialCounts([Trial(difference: 0, isCorrect: true)]))
    }
}
