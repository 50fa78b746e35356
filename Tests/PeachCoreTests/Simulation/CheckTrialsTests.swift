import Testing

@testable import PeachCore

/// Check trials in a simulated chain (issue 49): where they play, that the chain does not follow
/// them, and what they give a listener the chain alone leaves unplaced.
struct CheckTrialsTests {
    @Test func readsEveryAndFactorAndRefusesTheRest() {
        #expect(CheckTrials("8:5") == CheckTrials(every: 8, factor: 5))
        for refused in ["1:5", "8:1", "8", "8:5:2", "x:5", "8:inf", ""] {
            #expect(CheckTrials(refused) == nil, "\(refused)")
        }
    }

    /// Each check plays the chain's next difference times the factor, and the trial after it plays
    /// that difference itself, as if there had been no check.
    @Test func theChainDoesNotFollowItsChecks() throws {
        let checks = try #require(CheckTrials(every: 4, factor: 3))
        var generator = SeededGenerator(seed: 7)
        let simulation = ThresholdSimulation(trials: 80)
        let (answered, _) = simulation.chain(trials: 80, checks: checks, using: &generator) { _ in
            SimulatedListener(threshold: Cents(10))
        }
        let largest = simulation.settings.kazezStrategy.bounds.upperBound.rawValue
        var checked = 0
        for index in answered.indices.dropLast() where checks.isCheck(index) {
            let chain = answered[index + 1].difference
            #expect(answered[index].difference == min(chain * 3, largest), "trial \(index)")
            let before = answered[index - 1]
            let bounds = simulation.settings.kazezStrategy.bounds
            #expect(
                chain
                    == KazezStrategy.next(
                        after: (before.difference, before.isCorrect), coldStart: nil,
                        bounds: bounds.lowerBound.rawValue...bounds.upperBound.rawValue), "trial \(index + 1)")
            checked += 1
        }
        #expect(checked == 19)
    }

    /// A 30 ¢ listener: after 200 answers of the chain alone the tracker often states nothing (its
    /// interval wider than ×10); a check every eighth trial at five times the chain's difference
    /// places them in nearly every run (the tracker weighs lapse rates, so its interval is a little
    /// wider: 1 run of 100 beyond ×10 on `peach simulate`'s seed 1, 2 of 30 here).
    @Test func checksPlaceAThirtyCentListenerTheChainAloneLeavesOpen() throws {
        let listener = { (_: Int) in SimulatedListener(threshold: Cents(30)) }
        var generator = SeededGenerator(seed: 30)
        let alone = try #require(
            ModelComparison(checkpoints: [200]).compare(runs: 30, using: &generator, listener)[0][.tracker])
        generator = SeededGenerator(seed: 30)
        let checked = try #require(
            ModelComparison(checkpoints: [200], checks: CheckTrials(every: 8, factor: 5))
                .compare(runs: 30, using: &generator, listener)[0][.tracker])
        #expect(alone.nulls >= 5, "the chain alone: \(alone.nulls) of 30 stated nothing")
        #expect(
            checked.nulls <= 2 && checked.coverage >= 0.9,
            "with checks: \(checked.nulls) nulls, covered \(checked.coverage * 100) %")
    }
}
