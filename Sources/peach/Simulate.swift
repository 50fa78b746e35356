import ArgumentParser
import Foundation
import PeachCore

/// Simulated listeners with known thresholds through the real Kazez chain: how close the fitted
/// threshold and the chain's running value come to the truth, for listener shapes and lapse rates
/// the fit does not assume; or through a placement run, side by side with the chain + fit.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Run simulated listeners through the Kazez chain or a placement run and compare the threshold found with the truth."
    )

    enum Procedure: String, ExpressibleByArgument, CaseIterable {
        case kazez, placement, models, step
    }

    @Option(
        help:
            "'kazez': the chain + fit at each --trials; 'placement': a placement run (≤ \(ThresholdPlacement.maximumTrials) trials) beside the chain + fit; 'models': the fixed-threshold fit and the tracker on the same answers at each --trials, for steady and --learning listeners; 'step': the tracker's step sizes by how well they forecast held-out answers."
    )
    var procedure = Procedure.kazez

    @Option(
        name: .customLong("threshold"), parsing: .upToNextOption,
        help: "True 75 %-correct thresholds in cents (one or more).")
    var thresholds: [Double] = [3, 10, 30]

    @Option(name: .customLong("trials"), parsing: .upToNextOption, help: "Trials per run (one or more).")
    var trialCounts: [Int] = [200, 400]

    @Option(help: "Runs per cell of the grid.")
    var runs = 600

    @Option(
        name: .customLong("lapse"), parsing: .upToNextOption,
        help: "The simulated listeners' lapse rates (the fixed fit assumes 0.02; the tracker weighs 0.02, 0.1 and 0.2)."
    )
    var lapses: [Double] = [0.02, 0.05, 0.08]

    @Option(
        name: .customLong("shape"), parsing: .upToNextOption,
        help:
            "Psychometric shapes of the simulated listeners: 'normal' (Φ, the fit's own model at slope 1), 'weibull:β' or 'logistic'."
    )
    var shapes: [String] = ["normal", "weibull:2", "weibull:3.5", "weibull:5", "weibull:8", "logistic"]

    @Option(
        name: .customLong("learning"), parsing: .upToNextOption,
        help:
            "With --procedure models: listeners who learn, FROM:TO:TAU (cents, cents, answers): the threshold falls exponentially from FROM towards TO with time constant TAU."
    )
    var learnings: [String] = ["20:10:60", "10:5:120", "30:15:60"]

    @Option(
        name: .customLong("bias"), parsing: .upToNextOption,
        help:
            "With --procedure models or kazez: shares of trials on which the listener answers 'higher' without listening (a response bias)."
    )
    var biases: [Double] = [0]

    @Option(
        help:
            "With --procedure models (and kazez's --export-trials): the tracker's random-walk step per answer (natural log; default: the chosen one)."
    )
    var step = ThresholdTracker.chosenChangePerTrial

    @Option(
        name: .customLong("tracker-lapses"), parsing: .upToNextOption,
        help:
            "With --procedure models (and kazez's --export-trials): the lapse rates the tracker weighs (default: 0.02 0.1 0.2; '0.02' alone is the tracker before it weighed them)."
    )
    var trackerLapses: [Double] = ThresholdTracker.lapseRates

    @Option(
        help:
            "With --procedure models: a check trial every EVERY trials at FACTOR times the chain's difference, which the chain does not follow (EVERY:FACTOR, e.g. 8:5); default: none, as the training plays."
    )
    var checks: String?

    @Option(help: "Random seed, for replayable runs.")
    var seed: UInt64 = 1

    @Option(
        name: .customLong("export-trials"),
        help:
            "With --procedure kazez: write every simulated answer to DIR/trials.csv and each run's fit and tracker reading to DIR/fits.csv, so another estimator can be run on the same trials (Benchmarks/questplus_compare.py)."
    )
    var exportDirectory: String?

    func validate() throws {
        guard thresholds.allSatisfy({ (0.1...100).contains($0) }) else {
            throw ValidationError("--threshold must lie in 0.1…100 cents")
        }
        guard trialCounts.allSatisfy({ (ThresholdEstimator.minimumTrials...100_000).contains($0) }) else {
            throw ValidationError("--trials must lie in \(ThresholdEstimator.minimumTrials)…100000")
        }
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must lie in 1…100000") }
        guard lapses.allSatisfy({ (0...0.5).contains($0) }) else { throw ValidationError("--lapse must lie in 0…0.5") }
        if exportDirectory != nil, procedure != .kazez {
            throw ValidationError("--export-trials exports the Kazez chains: use it with --procedure kazez")
        }
        guard (0...1).contains(step) else { throw ValidationError("--step must lie in 0…1") }
        guard !trackerLapses.isEmpty, trackerLapses.allSatisfy({ (0...0.4).contains($0) }) else {
            throw ValidationError("--tracker-lapses must lie in 0…0.4")
        }
        guard biases.allSatisfy({ (0..<1).contains($0) }) else { throw ValidationError("--bias must lie in 0…1") }
        if let checks, CheckTrials(checks) == nil {
            throw ValidationError("--checks must be EVERY:FACTOR, EVERY 2 or more and FACTOR above 1, got '\(checks)'")
        }
        for learning in learnings where LearningCurve(learning) == nil {
            throw ValidationError("--learning must be FROM:TO:TAU, three positive numbers, got '\(learning)'")
        }
        for shape in shapes where Self.shape(shape) == nil {
            throw ValidationError(
                "--shape must be 'normal', 'logistic' or 'weibull:β' with β in 0.5…10, got '\(shape)'")
        }
    }

    static func shape(_ text: String) -> SimulatedListener.Shape? {
        if text == "normal" { return .normal }
        if text == "logistic" { return .logistic }
        guard text.hasPrefix("weibull:"), let beta = Double(text.dropFirst("weibull:".count)), (0.5...10).contains(beta)
        else { return nil }
        return .weibull(beta: beta)
    }

    func run() throws {
        switch procedure {
        case .kazez: try runKazez()
        case .placement: runPlacement()
        case .models: runModels()
        case .step: runStep()
        }
    }

    /// The chain's trial counts at which its fit is compared with the placement run's precision.
    static let checkpoints = [40, 60, 80, 100, 150, 200, 300, 400, 600, 800]

    func runPlacement() {
        var generator = SeededGenerator(seed: seed)
        let placement = PlacementSimulation()
        let chain = ThresholdSimulation(trials: Self.checkpoints.max()!)
        Output.line(
            "\(runs) runs per cell; placement: ≤ \(ThresholdPlacement.maximumTrials) trials, stops at a 95 % interval of ×\(ThresholdPlacement.stoppingRatio); Kazez: chain + fit of the newest \(ThresholdEstimator.window); ratios are upper ÷ lower of the 95 % interval"
        )
        Output.line(
            Self.row(
                "listener", "lapse", "truth ¢", "P trials", "P est/truth", "P covers", "P CI ratio",
                "K40 est/truth", "K40 covers", "K40 CI ratio", "K trials ≥ P"))
        let clock = ContinuousClock()
        var placementTime = Duration.zero
        var placementTrials = 0.0
        for shape in shapes.compactMap(Self.shape) {
            for lapse in lapses {
                for threshold in thresholds {
                    let listener = SimulatedListener(threshold: Cents(threshold), lapseRate: lapse, shape: shape)
                    var placed: ProcedureSummary!
                    placementTime += clock.measure {
                        placed = placement.summarize(listener, runs: runs, using: &generator)
                    }
                    placementTrials += placed.meanTrials * Double(runs)
                    let fitted = chain.summarize(listener, runs: runs, at: Self.checkpoints, using: &generator)
                    let matching = zip(Self.checkpoints, fitted).first { _, summary in
                        (summary.medianIntervalRatio ?? .infinity) <= (placed.medianIntervalRatio ?? .infinity)
                    }
                    Output.line(
                        Self.row(
                            shape.description, String(format: "%.2f", lapse), Self.format(threshold),
                            String(format: "%.1f", placed.meanTrials), Self.ratio(placed.medianRatio),
                            String(format: "%.1f %%", placed.coverage * 100), Self.ratio(placed.medianIntervalRatio),
                            Self.ratio(fitted[0].medianRatio), String(format: "%.1f %%", fitted[0].coverage * 100),
                            Self.ratio(fitted[0].medianIntervalRatio),
                            matching.map { String($0.0) } ?? ">\(Self.checkpoints.max()!)"))
                }
            }
        }
        var first = Duration.zero
        for _ in 0..<10 {
            first = max(
                first, clock.measure { _ = ThresholdPlacement(differences: placement.differences).nextDifference })
        }
        Output.line(
            String(
                format:
                    "placement time: %.3f ms per trial (choice + update) on average; the first choice (flat prior, slowest) %.3f ms",
                Self.milliseconds(placementTime) / placementTrials, Self.milliseconds(first)))
    }

    func runModels() {
        var generator = SeededGenerator(seed: seed)
        let checks = self.checks.flatMap(CheckTrials.init)
        let comparison = ModelComparison(
            checkpoints: trialCounts.sorted(),
            tracker: ThresholdTracker(changePerTrial: step, lapseRates: trackerLapses),
            checks: checks)
        let checked = checks.map { "; a check trial every \($0.every) at \($0.factor)× the chain's difference" } ?? ""
        Output.line(
            "\(runs) runs per listener; fixed: \(ThresholdEstimator.window) newest answers, one threshold; tracker: random walk of \(step) (log) per answer, lapse rates \(trackerLapses.map { "\($0)" }.joined(separator: "/")) weighed; truth: the threshold at the newest answer; at least: true bounds / stated\(checked)"
        )
        Output.line(
            Self.row(
                "listener", "lapse", "bias", "trials", "truth ¢", "fixed ÷truth", "fixed covers", "fixed nulls",
                "fixed ≥ true", "tracker ÷truth", "tracker covers", "tracker nulls", "tracker ≥ true",
                "tracker nulls say", "tracker neither"))
        let curves =
            thresholds.map { threshold in (name: Self.format(threshold) + " ¢", at: { (_: Int) in Cents(threshold) }) }
            + learnings.compactMap(LearningCurve.init).map { curve in (name: curve.description, at: curve.threshold) }
        for shape in shapes.compactMap(Self.shape) {
            for lapse in lapses {
                for bias in biases {
                    for curve in curves {
                        let scores = comparison.compare(runs: runs, using: &generator) {
                            SimulatedListener(threshold: curve.at($0), lapseRate: lapse, shape: shape, bias: bias)
                        }
                        for (checkpoint, score) in zip(comparison.checkpoints, scores) {
                            let columns = ModelComparison.Model.allCases.flatMap { model in
                                let score = score[model]!
                                return [
                                    Self.ratio(score.medianRatio), String(format: "%.1f %%", score.coverage * 100),
                                    String(score.nulls), "\(score.atLeastTrue)/\(score.atLeast)",
                                ]
                            }
                            let cells =
                                [
                                    curve.name + " " + shape.description, String(format: "%.2f", lapse),
                                    String(format: "%.2f", bias), String(checkpoint),
                                    Self.format(curve.at(checkpoint - 1).rawValue),
                                ] + columns + Self.reasons(score[.tracker]!)
                            Output.line(Self.row(cells))
                        }
                    }
                }
            }
        }
    }

    /// Why the runs stating no threshold state none ("12 tooWide (11 true), 1 unplaced": of the
    /// intervals too wide to state, how many hold the truth), and how many state neither a threshold
    /// nor a reason.
    static func reasons(_ score: ModelComparison.Score) -> [String] {
        let counted = MissingThreshold.Reason.allCases.compactMap { reason in
            score.reasons[reason].map {
                "\($0) \(reason.rawValue)" + (reason == .tooWide ? " (\(score.tooWideTrue) true)" : "")
            }
        }
        return [counted.isEmpty ? "—" : counted.joined(separator: ", "), String(score.unexplained)]
    }

    func runStep() {
        var generator = SeededGenerator(seed: seed)
        let choice = StepSizeChoice(trials: trialCounts.max()!)
        let candidates = ThresholdTracker.candidateChanges
        Output.line(
            "mean log probability per answer of each answer's forecast from the answers before it; \(runs) chains of \(choice.trials) answers per listener"
        )
        Output.line(Self.row(["listener"] + candidates.map { "σ \($0)" }))
        let scores = choice.scores(runs: runs, using: &generator)
        for (listener, row) in zip(StepSizeChoice.listeners, scores) {
            Output.line(Self.row([listener.name] + row.map { String(format: "%.5f", $0) }))
        }
        let totals = candidates.indices.map { index in scores.reduce(0) { $0 + $1[index] } }
        Output.line(Self.row(["all"] + totals.map { String(format: "%.5f", $0 / Double(scores.count)) }))
        Output.line(
            "best: σ = \(StepSizeChoice.best(scores)) (the tracker uses \(ThresholdTracker.chosenChangePerTrial))")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func ratio(_ value: Double?) -> String {
        value.map { $0.isFinite ? String(format: "%.3f", $0) : "open" } ?? "—"
    }

    func runKazez() throws {
        let export = try exportDirectory.map(SimulationTrialFiles.init(directory:))
        let tracker = ThresholdTracker(changePerTrial: step, lapseRates: trackerLapses)
        var generator = SeededGenerator(seed: seed)
        Output.line(
            "\(runs) runs per cell; fit: \(Int(ThresholdEstimator.percentCorrect * 100)) % correct, λ = \(ThresholdEstimator.lapseRate), slope estimated, newest \(ThresholdEstimator.window) trials"
        )
        Output.line(
            Self.row(
                "listener", "lapse", "bias", "trials", "truth ¢", "median fit ¢", "fit/truth", "95 % covers", "no fit",
                "open above", "median CI ¢", "CI up÷low", "Kazez/truth"))
        for shape in shapes.compactMap(Self.shape) {
            for lapse in lapses {
                for bias in biases {
                    for trials in trialCounts {
                        let simulation = ThresholdSimulation(trials: trials)
                        for threshold in thresholds {
                            let listener = SimulatedListener(
                                threshold: Cents(threshold), lapseRate: lapse, shape: shape, bias: bias)
                            let results = (0..<runs).map { _ in simulation.run(listener, using: &generator) }
                            try export?.write(results, of: listener, tracker: tracker)
                            let summary = ThresholdSimulation.Summary(truth: listener.threshold, of: results)
                            Output.line(
                                Self.row(
                                    shape.description, String(format: "%.2f", lapse), String(format: "%.2f", bias),
                                    String(trials), Self.format(threshold),
                                    summary.medianEstimate.map { Self.format($0.rawValue) } ?? "—",
                                    summary.medianEstimateRatio.map { String(format: "%.3f", $0) } ?? "—",
                                    String(format: "%.1f %%", summary.coverage * 100),
                                    String(summary.runs - summary.estimated),
                                    String(summary.openUpper),
                                    summary.medianIntervalWidth.map { Self.format($0.rawValue) } ?? "—",
                                    Self.ratio(summary.medianIntervalRatio),
                                    String(format: "%.3f", summary.kazezRatio)))
                        }
                    }
                }
            }
        }
    }

    static func format(_ cents: Double) -> String { String(format: "%.2f", cents) }

    static func row(_ columns: String...) -> String { row(columns) }

    static func row(_ columns: [String]) -> String {
        columns.map { $0.padding(toLength: max(12, $0.count), withPad: " ", startingAt: 0) }.joined(separator: "  ")
    }
}
