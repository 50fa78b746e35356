import Foundation
import Testing

@testable import PeachCore

/// The tracker reports the threshold a listener has now, with honest intervals and "at least"
/// bounds that hold, on simulated listeners answering the real Kazez chain (issue 49).
struct ThresholdTrackerTests {
    /// The learner of issue 49: 20 ¢ to 10 ¢ with a time constant of 60 answers, read after 400.
    /// The fixed-threshold fit's interval misses the threshold now in about a quarter of the runs;
    /// the tracker's covers it, and its median lags less (`peach simulate --procedure models`: 1.34×
    /// against 1.41× over 100 runs; the lag that remains is docs/threshold-model.md's first "not done").
    @Test func aLearnersThresholdNowIsCoveredAndReadCloserThanByTheFixedFit() throws {
        let curve = LearningCurve(from: Cents(20), to: Cents(10), timeConstant: 60)
        var generator = SeededGenerator(seed: 49)
        let scores = ModelComparison(checkpoints: [400]).compare(runs: 60, using: &generator) {
            SimulatedListener(threshold: curve.threshold(at: $0))
        }[0]
        let tracker = try #require(scores[.tracker])
        let fixed = try #require(scores[.fixed])
        let ratio = try #require(tracker.medianRatio)
        let fixedRatio = try #require(fixed.medianRatio)
        #expect(tracker.coverage >= 0.9, "tracker: covered the threshold now in \(tracker.coverage * 100) % of runs")
        #expect(fixed.coverage < tracker.coverage, "fixed: \(fixed.coverage * 100) %")
        // Its interval is wider than the fixed fit's: now and then (0 of 100, 1 of 60 runs) beyond ×10.
        #expect(tracker.nulls <= 2)
        #expect(ratio < 1.45 && ratio < fixedRatio, "tracker: median \(ratio), fixed \(fixedRatio) × the threshold now")
    }

    /// A steady listener is read where they are, as the fixed fit reads them.
    @Test func aSteadyListenersThresholdIsReadWhereItIs() throws {
        var generator = SeededGenerator(seed: 10)
        let score = try #require(
            ModelComparison(checkpoints: [400]).compare(runs: 60, using: &generator) { _ in
                SimulatedListener(threshold: Cents(10))
            }[0][.tracker])
        let ratio = try #require(score.medianRatio)
        #expect(abs(ratio - 1) <= 0.1, "median \(ratio)")
        #expect(score.coverage >= 0.9 && score.nulls == 0, "covered \(score.coverage * 100) %, \(score.nulls) nulls")
    }

    /// At 30 ¢ with many lapses the first answers are near chance up to the largest differences
    /// played, and the interval is open above; the bound it states must lie below the truth.
    @Test(arguments: [0.02, 0.08, 0.15])
    func atLeastIsTrue(lapse: Double) throws {
        var generator = SeededGenerator(seed: 3050 + UInt64(lapse * 100))
        let scores = ModelComparison(checkpoints: [50, 100]).compare(runs: 60, using: &generator) { _ in
            SimulatedListener(threshold: Cents(30), lapseRate: lapse, shape: .weibull(beta: 3.5))
        }
        for (checkpoint, score) in zip([50, 100], scores) {
            for model in ModelComparison.Model.allCases {
                let score = try #require(score[model])
                #expect(
                    score.atLeastTrue == score.atLeast,
                    "\(model) after \(checkpoint): \(score.atLeastTrue) of \(score.atLeast) bounds true")
            }
        }
    }

    /// A listener who presses a button without listening on 15 % of the trials, with a check
    /// trial in eight near the threshold (where those lapses show): the tracker weighs the lapse
    /// rates and reads them where they are; held to the fixed 2 % it takes their lapses for a
    /// worse ear and reads them high.
    @Test func aListenerWhoLapsesOftenIsReadWhereTheyAre() throws {
        func score(_ tracker: ThresholdTracker) throws -> ModelComparison.Score {
            var generator = SeededGenerator(seed: 1515)
            let comparison = ModelComparison(
                checkpoints: [200], tracker: tracker, checks: CheckTrials(every: 8, factor: 5))
            return try #require(
                comparison.compare(runs: 60, using: &generator) { _ in
                    SimulatedListener(threshold: Cents(30), lapseRate: 0.15)
                }[0][.tracker])
        }
        let weighed = try score(ThresholdTracker())
        let fixed = try score(ThresholdTracker(lapseRates: [ThresholdEstimator.lapseRate]))
        let ratio = try #require(weighed.medianRatio)
        let fixedRatio = try #require(fixed.medianRatio)
        #expect(abs(ratio - 1) <= 0.06, "lapses weighed: median \(ratio) × the truth")
        #expect(fixedRatio > 1.1, "lapses fixed at 2 %: median \(fixedRatio)")
        #expect(
            weighed.coverage >= 0.85 && weighed.coverage >= fixed.coverage,
            "covered in \(weighed.coverage * 100) % of runs, at 2 % in \(fixed.coverage * 100) %")
    }

    /// A lapse rate's model puts the threshold at 75 % correct, lapses included, and its ceiling at
    /// 1 − λ/2: of the tracker's lapse rates, the answers of a listener who lapses at one of them
    /// are explained best by that one, at the threshold they were given.
    @Test(arguments: ThresholdTracker.lapseRates)
    func eachLapseRatesModelFitsItsOwnListener(lapse: Double) throws {
        var counts = TrialCounts()
        for index in 0..<400 { counts.add(.init(difference: 8, isCorrect: index % 4 != 0)) }
        let far = 100
        let wrongFar = Int((Double(far) * lapse / 2).rounded())
        for index in 0..<far { counts.add(.init(difference: 1000, isCorrect: index >= wrongFar)) }
        let fits = ThresholdTracker.lapseRates.map { rate in
            let logLikelihood = ThresholdEstimator(lapseRate: rate).logLikelihoods(counts)
            let best = logLikelihood.indices.max { logLikelihood[$0] < logLikelihood[$1] }!
            return (rate: rate, logLikelihood: logLikelihood[best], row: best / ThresholdEstimator.slopes.count)
        }
        let best = try #require(fits.max { $0.logLikelihood < $1.logLikelihood })
        #expect(best.rate == lapse, "\(fits)")
        let threshold = exp(Double(ThresholdEstimator.lowestIndex + best.row) * TrialCounts.step)
        #expect(abs(log(threshold / 8)) <= 2 * TrialCounts.step, "best fit at \(threshold) ¢")
    }

    /// The walk's step over a chunk has the variance asked for, on either side of a row's spacing.
    @Test(arguments: [0.0004, 0.0016 * 0.5, 0.0016 * 3, 0.02])
    func theStepHasTheVarianceAskedFor(variance: Double) {
        let kernel = ThresholdTracker.kernel(variance: variance)
        let reach = kernel.count / 2
        let sum = kernel.reduce(0, +)
        let second = kernel.indices.reduce(0.0) { total, index in
            let offset = Double(index - reach) * TrialCounts.step
            return total + kernel[index] * offset * offset
        }
        #expect(abs(sum - 1) < 1e-12)
        #expect(abs(second / variance - 1) < 0.01, "variance \(second) for \(variance)")
    }

    /// With a step of zero the tracker is the fixed-threshold fit: the same answers, the same
    /// posterior, the same estimate.
    @Test func aWalkOfNoStepIsTheFixedFit() throws {
        var generator = SeededGenerator(seed: 7)
        let trials = ThresholdSimulation(trials: 300)
            .run(SimulatedListener(threshold: Cents(10)), using: &generator).trials
        let tracked = try #require(
            ThresholdTracker(changePerTrial: 0, lapseRates: [ThresholdEstimator.lapseRate]).estimate(trials))
        let fitted = try #require(ThresholdEstimator().estimate(trials))
        #expect(abs(tracked.threshold.rawValue / fitted.threshold.rawValue - 1) < 1e-6, "\(tracked) vs \(fitted)")
        #expect(abs(tracked.lower.rawValue / fitted.lower.rawValue - 1) < 1e-6)
        #expect(abs(tracked.upper.rawValue / fitted.upper.rawValue - 1) < 1e-6)
    }

    /// The chosen step forecasts held-out answers better than a threshold that never moves and
    /// than one that moves freely, on a seeded set of steady and learning listeners.
    @Test func theChosenStepForecastsBetterThanItsNeighbours() {
        var generator = SeededGenerator(seed: 15)
        let candidates = [0, ThresholdTracker.chosenChangePerTrial, 0.05]
        let scores = StepSizeChoice(trials: 300).scores(candidates: candidates, runs: 4, using: &generator)
        #expect(
            StepSizeChoice.best(scores, candidates: candidates) == ThresholdTracker.chosenChangePerTrial, "\(scores)")
    }
}
