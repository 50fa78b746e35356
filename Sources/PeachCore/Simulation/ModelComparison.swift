/// The fixed-threshold fit (`ThresholdEstimator`, newest 400 answers) and the tracker
/// (`ThresholdTracker`) read the very same simulated answers, at each checkpoint of one fresh
/// Kazez chain, and are judged against the threshold the listener has at the newest answer:
/// what `peach simulate --procedure models` prints for steady and learning listeners (issue 49).
public struct ModelComparison: Sendable {
    public enum Model: String, CaseIterable, Sendable {
        case fixed, tracker
    }

    /// How one model did at one checkpoint over many runs, judged as the Profile states it.
    public struct Score: Hashable, Sendable {
        public let runs: Int
        /// Median of the stated threshold ÷ the truth now, over runs stating a threshold (closed
        /// interval); nothing when none did.
        public let medianRatio: Double?
        /// Share of all runs whose stated interval holds the truth now (a run stating nothing does not).
        public let coverage: Double
        /// Runs stating nothing ("not enough data yet").
        public let nulls: Int
        /// Runs stating "at least `lower`" (interval open above).
        public let atLeast: Int
        /// Of those, the ones whose bound is at or below the truth now: a true statement.
        public let atLeastTrue: Int
        /// The runs stating nothing by the reason they state instead (`MissingThreshold`).
        public let reasons: [MissingThreshold.Reason: Int]
        /// Runs stating neither a threshold nor a reason: none, if the reason is stated wherever it should be.
        public let unexplained: Int
        /// Of the runs whose reason is an interval too wide to state, the ones whose interval holds
        /// the truth now: the reason's "only between" is a statement too.
        public let tooWideTrue: Int

        init(truth: Cents, stated: [ThresholdEstimate?], missing: [MissingThreshold?]) {
            runs = stated.count
            let closed = stated.compactMap { $0 }.filter { !$0.upperIsOpen }
            medianRatio = ThresholdSimulation.median(closed.map { $0.threshold.rawValue / truth.rawValue })
            coverage = Double(stated.compactMap { $0 }.filter { $0.covers(truth) }.count) / Double(max(runs, 1))
            nulls = stated.filter { $0 == nil }.count
            let open = stated.compactMap { $0 }.filter(\.upperIsOpen)
            atLeast = open.count
            atLeastTrue = open.filter { $0.lower <= truth }.count
            reasons = Dictionary(missing.compactMap { $0.map { ($0.reason, 1) } }, uniquingKeysWith: +)
            unexplained = zip(stated, missing).filter { $0 == nil && $1 == nil }.count
            tooWideTrue =
                missing.filter {
                    guard case .tooWide(let lower, let upper, _) = $0 else { return false }
                    return lower <= truth && truth <= upper
                }.count
        }
    }

    public let checkpoints: [Int]
    public var settings: TrainingSettings
    public var tracker: ThresholdTracker
    /// Check trials in the chains, if any (`CheckTrials`).
    public var checks: CheckTrials?

    public init(
        checkpoints: [Int], settings: TrainingSettings = .default, tracker: ThresholdTracker = .init(),
        checks: CheckTrials? = nil
    ) {
        self.checkpoints = checkpoints
        self.settings = settings
        self.tracker = tracker
        self.checks = checks
    }

    /// Each checkpoint's score per model, over `runs` fresh chains of a listener whose answer
    /// `index` comes from `listener(index)`.
    public func compare(
        runs: Int, using generator: inout some RandomNumberGenerator, _ listener: (Int) -> SimulatedListener
    ) -> [[Model: Score]] {
        let simulation = ThresholdSimulation(settings: settings, trials: checkpoints.max() ?? 0)
        var stated = [[Model: [ThresholdEstimate?]]](repeating: [:], count: checkpoints.count)
        var missing = [[Model: [MissingThreshold?]]](repeating: [:], count: checkpoints.count)
        for _ in 0..<runs {
            let (answered, _) = simulation.chain(
                trials: simulation.trials, checks: checks, using: &generator, listener)
            for (index, checkpoint) in checkpoints.enumerated() {
                let seen = answered.prefix(checkpoint)
                let fixed = seen.suffix(ThresholdEstimator.window)
                let tracked = seen.suffix(ThresholdTracker.window)
                let fits: [Model: (read: ArraySlice<ThresholdEstimator.Trial>, fit: ThresholdEstimate?)] = [
                    .fixed: (fixed, ThresholdEstimator().estimate(fixed)),
                    .tracker: (tracked, tracker.estimate(tracked)),
                ]
                for (model, fitted) in fits {
                    stated[index][model, default: []].append(fitted.fit?.ifInformative)
                    missing[index][model, default: []].append(MissingThreshold(fitted.read, fit: fitted.fit))
                }
            }
        }
        return checkpoints.indices.map { index in
            let truth = listener(checkpoints[index] - 1).threshold
            return Dictionary(
                uniqueKeysWithValues: Model.allCases.map { model in
                    (model, Score(truth: truth, stated: stated[index][model]!, missing: missing[index][model]!))
                })
        }
    }
}
