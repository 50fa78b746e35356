import ArgumentParser
import Foundation
import PeachCore

/// Simulated listeners with known thresholds through the real Kazez chain: how close the fitted
/// threshold and the chain's running value come to the truth, for listener shapes and lapse rates
/// the fit does not assume.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run simulated listeners through the Kazez chain and compare the fitted threshold with the truth.")

    @Option(name: .customLong("threshold"), parsing: .upToNextOption, help: "True 75 %-correct thresholds in cents (one or more).")
    var thresholds: [Double] = [3, 10, 30]

    @Option(name: .customLong("trials"), parsing: .upToNextOption, help: "Trials per run (one or more).")
    var trialCounts: [Int] = [200, 400]

    @Option(help: "Runs per cell of the grid.")
    var runs = 600

    @Option(name: .customLong("lapse"), parsing: .upToNextOption, help: "The simulated listeners' lapse rates (the fit assumes 0.02).")
    var lapses: [Double] = [0.02, 0.05]

    @Option(name: .customLong("shape"), parsing: .upToNextOption,
            help: "Psychometric shapes of the simulated listeners: 'normal' (Φ, the fit's own model at slope 1) or 'weibull:β'.")
    var shapes: [String] = ["normal", "weibull:2", "weibull:3.5"]

    @Option(help: "Random seed, for replayable runs.")
    var seed: UInt64 = 1

    func validate() throws {
        guard thresholds.allSatisfy({ (0.1...100).contains($0) }) else { throw ValidationError("--threshold must lie in 0.1…100 cents") }
        guard trialCounts.allSatisfy({ (ThresholdEstimator.minimumTrials...100_000).contains($0) }) else {
            throw ValidationError("--trials must lie in \(ThresholdEstimator.minimumTrials)…100000")
        }
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must lie in 1…100000") }
        guard lapses.allSatisfy({ (0...0.5).contains($0) }) else { throw ValidationError("--lapse must lie in 0…0.5") }
        for shape in shapes where Self.shape(shape) == nil {
            throw ValidationError("--shape must be 'normal' or 'weibull:β' with β in 0.5…10, got '\(shape)'")
        }
    }

    static func shape(_ text: String) -> SimulatedListener.Shape? {
        if text == "normal" { return .normal }
        guard text.hasPrefix("weibull:"), let beta = Double(text.dropFirst("weibull:".count)), (0.5...10).contains(beta) else { return nil }
        return .weibull(beta: beta)
    }

    func run() {
        var generator = SeededGenerator(seed: seed)
        Output.line("\(runs) runs per cell; fit: \(Int(ThresholdEstimator.percentCorrect * 100)) % correct, λ = \(ThresholdEstimator.lapseRate), slope estimated, newest \(ThresholdEstimator.window) trials")
        Output.line(Self.row("listener", "lapse", "trials", "truth ¢", "median fit ¢", "fit/truth", "95 % covers", "no fit", "open above", "median CI ¢", "Kazez/truth"))
        for shape in shapes.compactMap(Self.shape) {
            for lapse in lapses {
                for trials in trialCounts {
                    let simulation = ThresholdSimulation(trials: trials)
                    for threshold in thresholds {
                        let listener = SimulatedListener(threshold: Cents(threshold), lapseRate: lapse, shape: shape)
                        let summary = simulation.summarize(listener, runs: runs, using: &generator)
                        Output.line(Self.row(
                            shape.description, String(format: "%.2f", lapse), String(trials), Self.format(threshold),
                            summary.medianEstimate.map { Self.format($0.rawValue) } ?? "—",
                            summary.medianEstimateRatio.map { String(format: "%.3f", $0) } ?? "—",
                            String(format: "%.1f %%", summary.coverage * 100), String(summary.runs - summary.estimated),
                            String(summary.openUpper), summary.medianIntervalWidth.map { Self.format($0.rawValue) } ?? "—",
                            String(format: "%.3f", summary.kazezRatio)))
                    }
                }
            }
        }
    }

    static func format(_ cents: Double) -> String { String(format: "%.2f", cents) }

    static func row(_ columns: String...) -> String {
        columns.map { $0.padding(toLength: max(12, $0.count), withPad: " ", startingAt: 0) }.joined(separator: "  ")
    }
}
