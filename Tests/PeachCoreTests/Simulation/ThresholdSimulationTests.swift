import Testing

@testable import PeachCore

/// The proof that the fitted threshold can be trusted: listeners with known thresholds answer
/// through the real Kazez chain, and the fit recovers what the chain's running value cannot.
struct ThresholdSimulationTests {
    @Test(arguments: [3.0, 10, 30])
    func theFitRecoversKnownThresholdsWithHonestIntervals(threshold: Double) throws {
        var generator = SeededGenerator(seed: 20_260_302 + UInt64(threshold * 10))
        let summary = ThresholdSimulation(trials: 200)
            .summarize(SimulatedListener(threshold: Cents(threshold)), runs: 200, using: &generator)
        let ratio = try #require(summary.medianEstimateRatio)
        #expect(abs(ratio - 1) <= 0.10, "median estimate \(summary.medianEstimate!) for a true \(threshold) ¢")
        #expect(summary.coverage >= 0.90, "95 % interval covered the truth in \(summary.coverage * 100) % of runs")
    }

    /// Listeners the estimator does not assume: steeper psychometric functions, more lapses.
    @Test(arguments: [
        (SimulatedListener.Shape.weibull(beta: 2), 0.02), (.weibull(beta: 3.5), 0.02),
        (.normal, 0.05), (.weibull(beta: 2), 0.05), (.weibull(beta: 3.5), 0.05),
    ])
    func theFitStaysHonestForListenersItDoesNotAssume(shape: SimulatedListener.Shape, lapse: Double) throws {
        var generator = SeededGenerator(seed: 4242)
        let summary = ThresholdSimulation(trials: 200)
            .summarize(
                SimulatedListener(threshold: Cents(10), lapseRate: lapse, shape: shape), runs: 200, using: &generator)
        let ratio = try #require(summary.medianEstimateRatio)
        #expect(
            abs(ratio - 1) <= 0.10, "\(shape), λ \(lapse): median estimate \(summary.medianEstimate!) for a true 10 ¢")
        #expect(
            summary.coverage >= 0.90, "\(shape), λ \(lapse): covered the truth in \(summary.coverage * 100) % of runs")
    }

    /// At 30 ¢ the chain plays near 56 % correct, so the shallow slopes give the posterior a long
    /// upper tail; the shortest 95 % interval states ×6.7 here where the central one stated ×9.1
    /// (covering the truth in 97 % of these runs, the central one in 93 %).
    @Test func atThirtyCentsTheIntervalIsNoWiderThanTheAnswersNeed() throws {
        var generator = SeededGenerator(seed: 33)
        let summary = ThresholdSimulation(trials: 200)
            .summarize(SimulatedListener(threshold: Cents(30)), runs: 30, using: &generator)
        let ratio = try #require(summary.medianIntervalRatio)
        #expect(ratio <= 8, "median interval ×\(ratio)")
        #expect(summary.coverage >= 0.90, "covered the truth in \(summary.coverage * 100) % of runs")
    }

    @Test func pastTwoHundredTrialsTheFitStillReportsAThreshold() {
        // A Φ listener at 3 ¢: the chain sits far below the threshold, which once made the fit give up.
        var generator = SeededGenerator(seed: 300)
        let summary = ThresholdSimulation(trials: 300).summarize(
            SimulatedListener(threshold: Cents(3)), runs: 40, using: &generator)
        #expect(summary.estimated == 40)
        #expect(summary.openUpper == 0)
    }

    @Test func aWeibullListenerIsSeventyFivePercentCorrectAtItsThreshold() {
        for beta in [2.0, 3.5] {
            for lapse in [0.02, 0.05] {
                let listener = SimulatedListener(threshold: Cents(10), lapseRate: lapse, shape: .weibull(beta: beta))
                #expect(
                    abs(listener.probabilityCorrect(Comparison(note1: MIDINote(60)!, centOffset: Cents(10))) - 0.75)
                        < 1e-9)
                #expect(
                    abs(listener.probabilityCorrect(Comparison(note1: MIDINote(60)!, centOffset: Cents(0.001))) - 0.5)
                        < 1e-3)
            }
        }
    }

    @Test func theKazezRunningValueSitsWellBelowTheThreshold() {
        var generator = SeededGenerator(seed: 7)
        let summary = ThresholdSimulation(trials: 200)
            .summarize(SimulatedListener(threshold: Cents(10)), runs: 100, using: &generator)
        // The chain settles near 55–63 % correct, i.e. at a fraction of the 75 % threshold.
        #expect(summary.kazezRatio < 0.8, "Kazez ended at \(summary.medianKazezDifference)")
    }

    @Test func aLogisticListenerIsSeventyFivePercentCorrectAtItsThreshold() {
        for lapse in [0.02, 0.08] {
            let listener = SimulatedListener(threshold: Cents(30), lapseRate: lapse, shape: .logistic)
            #expect(
                abs(listener.probabilityCorrect(Comparison(note1: MIDINote(60)!, centOffset: Cents(30))) - 0.75) < 1e-9)
            #expect(
                abs(listener.probabilityCorrect(Comparison(note1: MIDINote(60)!, centOffset: Cents(0.001))) - 0.5)
                    < 1e-3)
        }
    }

    @Test func theChainsFitAtCheckpointsIsTheFitOfThatManyTrials() {
        var first = SeededGenerator(seed: 5)
        var second = SeededGenerator(seed: 5)
        let listener = SimulatedListener(threshold: Cents(10))
        let fits = ThresholdSimulation(trials: 0).fits(listener, at: [40, 120], using: &first)
        #expect(fits[1] == ThresholdSimulation(trials: 120).run(listener, using: &second).estimate)
        #expect(fits[0]?.trialCount == 40)
    }

    @Test func aListenerAnswersAtTheModelsRates() {
        let listener = SimulatedListener(threshold: Cents(10))
        var generator = SeededGenerator(seed: 1)
        let comparison = Comparison(note1: MIDINote(60)!, centOffset: Cents(-10))
        let correct = (0..<20_000).filter { _ in listener.answer(comparison, using: &generator) == .lower }.count
        #expect(abs(Double(correct) / 20_000 - 0.75) < 0.01)
        #expect(abs(listener.probabilityCorrect(comparison) - 0.75) < 1e-9)
    }

    @Test func theSameSeedReplaysTheSameRuns() {
        var first = SeededGenerator(seed: 99)
        var second = SeededGenerator(seed: 99)
        let simulation = ThresholdSimulation(trials: 50)
        let listener = SimulatedListener(threshold: Cents(10))
        #expect(simulation.run(listener, using: &first) == simulation.run(listener, using: &second))
    }
}
