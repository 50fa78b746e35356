import ArgumentParser
import Foundation
import PeachCore

/// Simulated listeners with known thresholds through the real Kazez chain: how close the fitted
/// threshold and the chain's running value come to the truth.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run simulated listeners through the Kazez chain and compare the fitted threshold with the truth.")

    @Option(name: .customLong("threshold"), parsing: .upToNextOption, help: "True 75 %-correct thresholds in cents (one or more).")
    var thresholds: [Double] = [3, 10, 30]

    @Option(help: "Trials per run.")
    var trials = 200

    @Option(help: "Runs per threshold.")
    var runs = 200

    @Option(help: "The simulated listener's lapse rate (the fit always assumes 0.02).")
    var lapse = ThresholdEstimator.lapseRate

    @Option(help: "Random seed, for replayable runs.")
    var seed: UInt64 = 1

    func validate() throws {
        guard thresholds.allSatisfy({ (0.1...100).contains($0) }) else { throw ValidationError("--threshold must lie in 0.1…100 cents") }
        guard (ThresholdEstimator.minimumTrials...100_000).contains(trials) else {
            throw ValidationError("--trials must lie in \(ThresholdEstimator.minimumTrials)…100000")
        }
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must lie in 1…100000") }
        guard (0...0.5).contains(lapse) else { throw ValidationError("--lapse must lie in 0…0.5") }
    }

    func run() {
        var generator = SeededGenerator(seed: seed)
        let simulation = ThresholdSimulation(trials: trials)
        Output.line("\(runs) runs × \(trials) trials per listener; fit: \(Int(ThresholdEstimator.percentCorrect * 100)) % correct, λ = \(ThresholdEstimator.lapseRate), newest \(ThresholdEstimator.window) trials")
        Output.line(Self.row("truth ¢", "median fit ¢", "fit/truth", "95 % covers", "median CI width ¢", "Kazez ¢", "Kazez/truth"))
        for threshold in thresholds {
            let listener = SimulatedListener(threshold: Cents(threshold), lapseRate: lapse)
            let summary = simulation.summarize(listener, runs: runs, using: &generator)
            Output.line(Self.row(
                Self.format(threshold), summary.medianEstimate.map { Self.format($0.rawValue) } ?? "—",
                summary.medianEstimateRatio.map { String(format: "%.3f", $0) } ?? "—",
                String(format: "%.1f %%", summary.coverage * 100),
                summary.medianIntervalWidth.map { Self.format($0.rawValue) } ?? "—",
                Self.format(summary.medianKazezDifference.rawValue), String(format: "%.3f", summary.kazezRatio)))
        }
    }

    static func format(_ cents: Double) -> String { String(format: "%.2f", cents) }

    static func row(_ columns: String...) -> String {
        columns.map { $0.padding(toLength: max(12, $0.count), withPad: " ", startingAt: 0) }.joined(separator: "  ")
    }
}
