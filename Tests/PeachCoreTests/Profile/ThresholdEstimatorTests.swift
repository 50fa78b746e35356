import Foundation
import Testing
@testable import PeachCore

struct ThresholdEstimatorTests {
    typealias Trial = ThresholdEstimator.Trial

    /// Trials at `levels`, `perLevel` each, with the share of correct answers the model predicts for
    /// a listener whose 75 % threshold is `threshold` (rounded to whole answers).
    static func idealTrials(threshold: Double, levels: [Double], perLevel: Int) -> [Trial] {
        let sigma = ThresholdEstimator.sigma(forThreshold: Cents(threshold))
        return levels.flatMap { level in
            let correct = Int((ThresholdEstimator.probabilityCorrect(difference: level, sigma: sigma) * Double(perLevel)).rounded())
            return (0..<perLevel).map { Trial(difference: level, isCorrect: $0 < correct) }
        }
    }

    @Test func theThresholdIsWhereTheModelGivesSeventyFivePercent() {
        let sigma = ThresholdEstimator.sigma(forThreshold: Cents(8))
        #expect(abs(ThresholdEstimator.probabilityCorrect(difference: 8, sigma: sigma) - 0.75) < 1e-9)
        #expect(abs(ThresholdEstimator.probabilityCorrect(difference: 0, sigma: sigma) - 0.5) < 1e-12)
        #expect(abs(ThresholdEstimator.probabilityCorrect(difference: 1e6, sigma: sigma) - 0.99) < 1e-12)
    }

    @Test func tooFewTrialsGiveNoEstimate() {
        #expect(ThresholdEstimator().estimate(Self.idealTrials(threshold: 10, levels: [5, 10, 20], perLevel: 6)) == nil)
    }

    @Test func answersThatAreAllCorrectCannotPlaceTheThreshold() {
        #expect(ThresholdEstimator().estimate((0..<200).map { _ in Trial(difference: 5, isCorrect: true) }) == nil)
    }

    @Test func answersAtChanceEverywhereCannotPlaceTheThreshold() {
        let trials = (0..<200).map { Trial(difference: 5, isCorrect: $0.isMultiple(of: 2)) }
        #expect(ThresholdEstimator().estimate(trials) == nil)
    }

    @Test(arguments: [3.0, 10, 30])
    func idealDataRecoverTheThresholdInsideItsInterval(threshold: Double) throws {
        let levels = [0.25, 0.5, 1, 2].map { $0 * threshold }
        let estimate = try #require(ThresholdEstimator().estimate(Self.idealTrials(threshold: threshold, levels: levels, perLevel: 100)))
        #expect(abs(estimate.threshold.rawValue / threshold - 1) < 0.03, "\(estimate)")
        #expect(estimate.covers(Cents(threshold)))
        #expect(estimate.lower < estimate.threshold && estimate.threshold < estimate.upper)
        #expect(estimate.percentCorrect == 0.75)
        #expect(estimate.trialCount == 400)
    }

    @Test func moreTrialsNarrowTheInterval() throws {
        let levels = [2.0, 4, 8, 16]
        let few = try #require(ThresholdEstimator().estimate(Self.idealTrials(threshold: 8, levels: levels, perLevel: 25)))
        let many = try #require(ThresholdEstimator().estimate(Self.idealTrials(threshold: 8, levels: levels, perLevel: 400)))
        #expect(many.upper.rawValue - many.lower.rawValue < (few.upper.rawValue - few.lower.rawValue) / 2)
    }

    @Test func theIntervalIsWhereTheLikelihoodRatioTestStopsRejecting() throws {
        // At each end of the interval the log-likelihood is 3.84 / 2 below its maximum.
        let trials = Self.idealTrials(threshold: 10, levels: [3, 6, 12, 24], perLevel: 50)
        let estimate = try #require(ThresholdEstimator().estimate(trials))
        func logLikelihood(_ threshold: Cents) -> Double {
            let sigma = ThresholdEstimator.sigma(forThreshold: threshold)
            return trials.map { trial in
                let p = ThresholdEstimator.probabilityCorrect(difference: trial.difference, sigma: sigma)
                return trial.isCorrect ? log(p) : log(1 - p)
            }.reduce(0, +)
        }
        let maximum = logLikelihood(estimate.threshold)
        #expect(abs(maximum - logLikelihood(estimate.lower) - 1.9207) < 1e-3)
        #expect(abs(maximum - logLikelihood(estimate.upper) - 1.9207) < 1e-3)
        #expect(logLikelihood(Cents(estimate.threshold.rawValue * 0.97)) < maximum)
        #expect(logLikelihood(Cents(estimate.threshold.rawValue * 1.03)) < maximum)
    }

    @Test func aThresholdBeyondEveryDifferencePlayedIsNotReported() {
        // Three answers in five correct at every difference up to 100 ¢: the fit would put the 75 %
        // point far above anything played, which the data cannot show.
        let trials = (0..<150).map { index in
            Trial(difference: [25, 50, 100][index % 3], isCorrect: index % 5 < 3)
        }
        #expect(ThresholdEstimator().estimate(trials) == nil)
    }
}
