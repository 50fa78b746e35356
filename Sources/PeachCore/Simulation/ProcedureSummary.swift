/// How one procedure did on many runs of one simulated listener: what `peach simulate --procedure
/// placement` sets side by side for the placement run and the Kazez chain + fit.
public struct ProcedureSummary: Hashable, Sendable {
    public let truth: Cents
    public let runs: Int
    public let meanTrials: Double
    /// Median of estimate ÷ truth; nothing when no run produced an estimate.
    public let medianRatio: Double?
    /// Share of runs whose stated 95 % interval contains the truth (a run without an estimate does not).
    public let coverage: Double
    /// Median of the interval's upper ÷ lower (an interval open above counts as infinitely wide).
    public let medianIntervalRatio: Double?

    public init(truth: Cents, estimates: [ThresholdEstimate?], trialsUsed: [Int]) {
        self.truth = truth
        runs = estimates.count
        meanTrials = Double(trialsUsed.reduce(0, +)) / Double(max(trialsUsed.count, 1))
        let made = estimates.compactMap { $0 }
        medianRatio = ThresholdSimulation.median(made.map { $0.threshold.rawValue / truth.rawValue })
        coverage = Double(made.filter { $0.covers(truth) }.count) / Double(max(runs, 1))
        medianIntervalRatio = ThresholdSimulation.median(
            estimates.map { estimate in
                estimate.map { $0.upperIsOpen ? .infinity : $0.upper.rawValue / $0.lower.rawValue } ?? .infinity
            })
    }
}
