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

    @Test func theKazezRunningValueSitsWellBelowTheThreshold() {
        var generator = SeededGenerator(seed: 7)
        let summary = ThresholdSimulation(trials: 200)
            .summarize(SimulatedListener(threshold: Cents(10)), runs: 100, using: &generator)
        // The chain settles near 55–63 % correct, i.e. at a fraction of the 75 % threshold.
        #expect(summary.kazezRatio < 0.8, "Kazez ended at \(summary.medianKazezDifference)")
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
        var first = SeededGenerator(seed: 99), second = SeededGenerator(seed: 99)
        let simulation = ThresholdSimulation(trials: 50)
        let listener = SimulatedListener(threshold: Cents(10))
        #expect(simulation.run(listener, using: &first) == simulation.run(listener, using: &second))
    }
}
