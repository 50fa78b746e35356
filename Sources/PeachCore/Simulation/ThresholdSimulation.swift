import Foundation

/// Runs simulated listeners through the real Kazez chain and checks what the fitted threshold and
/// the chain's running value say about them (`peach simulate`, and the test that proves the fit).
public struct ThresholdSimulation: Sendable {
    public struct Run: Hashable, Sendable {
        public let estimate: ThresholdEstimate?
        /// The chain's difference after the last answer: what a naive profile would report.
        public let finalKazezDifference: Cents
        /// Every answer of the chain, oldest first: what `peach simulate --export-trials` hands to
        /// another estimator.
        public let trials: [ThresholdEstimator.Trial]
    }

    public struct Summary: Hashable, Sendable {
        public let truth: Cents
        public let runs: Int
        /// Runs where the fit produced an estimate.
        public let estimated: Int
        public let medianEstimate: Cents?
        /// Share of runs whose 95 % interval contains the truth (a run without an estimate does not).
        public let coverage: Double
        public let medianIntervalWidth: Cents?
        /// Median of the interval's upper ÷ lower (open above or no estimate: infinitely wide).
        public let medianIntervalRatio: Double?
        public let medianKazezDifference: Cents
        /// Runs whose interval is open above.
        public let openUpper: Int

        public var medianEstimateRatio: Double? { medianEstimate.map { $0.rawValue / truth.rawValue } }
        public var kazezRatio: Double { medianKazezDifference.rawValue / truth.rawValue }

        public init(truth: Cents, of results: [Run]) {
            let estimates = results.compactMap(\.estimate)
            self.truth = truth
            runs = results.count
            estimated = estimates.count
            medianEstimate = ThresholdSimulation.median(estimates.map(\.threshold.rawValue)).map(Cents.init)
            coverage = Double(estimates.filter { $0.covers(truth) }.count) / Double(max(results.count, 1))
            medianIntervalWidth = ThresholdSimulation.median(estimates.map { $0.upper.rawValue - $0.lower.rawValue })
                .map(Cents.init)
            medianIntervalRatio = ThresholdSimulation.median(
                results.map { run in
                    run.estimate.map { $0.upperIsOpen ? .infinity : $0.upper.rawValue / $0.lower.rawValue } ?? .infinity
                })
            medianKazezDifference = Cents(ThresholdSimulation.median(results.map(\.finalKazezDifference.rawValue)) ?? 0)
            openUpper = estimates.filter(\.upperIsOpen).count
        }
    }

    public var settings: TrainingSettings
    public var trials: Int

    public init(settings: TrainingSettings = .default, trials: Int) {
        self.settings = settings
        self.trials = trials
    }

    /// One listener from a fresh chain (no history: the chain starts at the maximum difference).
    public func run(_ listener: SimulatedListener, using generator: inout some RandomNumberGenerator) -> Run {
        let (answered, last) = chain(listener, trials: trials, using: &generator)
        return Run(
            estimate: ThresholdEstimator().estimate(answered.suffix(ThresholdEstimator.window)),
            finalKazezDifference: settings.kazezStrategy.nextDifference(after: last, coldStart: nil),
            trials: answered)
    }

    /// One fresh chain of `checkpoints.max()` trials, fitted after each checkpoint's number of trials:
    /// how the fit's precision grows with the trials spent.
    public func fits(
        _ listener: SimulatedListener, at checkpoints: [Int], using generator: inout some RandomNumberGenerator
    ) -> [ThresholdEstimate?] {
        let (answered, _) = chain(listener, trials: checkpoints.max() ?? 0, using: &generator)
        return checkpoints.map { ThresholdEstimator().estimate(answered.prefix($0).suffix(ThresholdEstimator.window)) }
    }

    private func chain(
        _ listener: SimulatedListener, trials: Int, using generator: inout some RandomNumberGenerator
    ) -> ([ThresholdEstimator.Trial], CompletedComparison?) {
        chain(trials: trials, using: &generator) { _ in listener }
    }

    /// A fresh chain whose answer `index` is given by `listener(index)`: a listener who learns;
    /// with `checks`, a check trial now and then that the chain does not follow.
    func chain(
        trials: Int, checks: CheckTrials? = nil, using generator: inout some RandomNumberGenerator,
        _ listener: (Int) -> SimulatedListener
    ) -> ([ThresholdEstimator.Trial], CompletedComparison?) {
        let strategy = settings.kazezStrategy
        var last: CompletedComparison?
        var answered: [ThresholdEstimator.Trial] = []
        answered.reserveCapacity(trials)
        let start = Date(timeIntervalSince1970: 0)
        for index in 0..<trials {
            var comparison = strategy.nextComparison(
                after: last, coldStart: nil, in: settings.noteRange, loudnessVariation: settings.varyLoudness,
                using: &generator)
            let isCheck = checks?.isCheck(index) ?? false
            if isCheck, let checks { comparison = checks.check(comparison, largest: strategy.bounds.upperBound) }
            let completed = CompletedComparison(
                comparison, answer: listener(index).answer(comparison, using: &generator),
                timestamp: start.addingTimeInterval(Double(index)))
            answered.append(ThresholdEstimator.Trial(completed))
            if !isCheck { last = completed }
        }
        return (answered, last)
    }

    /// The Kazez chain + fit at each of `checkpoints` trials, over `runs` fresh chains.
    public func summarize(
        _ listener: SimulatedListener, runs: Int, at checkpoints: [Int],
        using generator: inout some RandomNumberGenerator
    ) -> [ProcedureSummary] {
        let results = (0..<runs).map { _ in fits(listener, at: checkpoints, using: &generator) }
        return checkpoints.indices.map { index in
            ProcedureSummary(
                truth: listener.threshold, estimates: results.map { $0[index] },
                trialsUsed: Array(repeating: checkpoints[index], count: runs))
        }
    }

    public func summarize(_ listener: SimulatedListener, runs: Int, using generator: inout some RandomNumberGenerator)
        -> Summary
    {
        Summary(truth: listener.threshold, of: (0..<runs).map { _ in run(listener, using: &generator) })
    }

    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
