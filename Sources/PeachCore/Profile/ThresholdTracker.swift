import Foundation

/// The threshold now, for a listener whose threshold moves as they train.
///
/// `ThresholdEstimator` assumes one threshold behind all of its 400 answers; a listener who went
/// from 20 ¢ to 10 ¢ over them is reported at about 1.5 times where they are now, and its interval
/// misses the truth in a fifth of the runs (issue 49). The tracker keeps the estimator's
/// psychometric model, grid and flat priors, but lets the log threshold take a random walk: between
/// one answer and the next it changes by a normal step of standard deviation `changePerTrial`
/// (natural log). The posterior is updated answer by answer (forward filtering, in chunks of
/// `chunkSize` answers that share one state), the slope is the listener's own and is weighted by
/// how well it predicts the answers, and the estimate is the posterior of the newest chunk: its
/// median, its shortest 95 % interval, "cannot place it" and "open above" read as the estimator
/// reads them. An interval open above states only a lower bound, and that bound is the
/// likelihood's (`ThresholdEstimator.likelihoodLowerBound`), not the posterior's, whose upper tail
/// the flat prior up to 2400 ¢ fills.
///
/// `changePerTrial` is the step whose forecasts of each next answer were best on simulated
/// listeners, steady and learning (`StepSizeChoice`, docs/threshold-model.md).
///
/// The lapse rate is not fixed at the estimator's 2 % but weighed, like the slope, over
/// `lapseRates` by how well each explains the answers: a listener who lapses often, or answers
/// "higher" without listening now and then, was read as a worse ear wherever the answers reach
/// differences they should hear (issue 49's listeners outside the model).
public struct ThresholdTracker: Sendable {
    /// The random walk's standard deviation per answer, in natural-log cents.
    public static let chosenChangePerTrial = 0.015
    /// The step sizes `StepSizeChoice` weighs (0: the threshold never moves).
    public static let candidateChanges = [0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05]
    /// How many of the newest answers the tracker reads: beyond that, at the chosen step, older
    /// answers say next to nothing about the threshold now (2000 answers apart, the walk has
    /// spread by a factor of e^(0.015·√2000) ≈ 2).
    public static let window = 2000
    /// Answers sharing one state: the walk moves by only 5 % over ten answers, far less than
    /// ten answers can resolve, and a tenth of the work.
    static let chunkSize = 10
    /// Posterior values this far below a column's best row are dropped, so that the walk spreads,
    /// and the answers are weighed over, only the part of the grid the answers have left possible.
    /// A hundred-millionth is far below anything stated (the "at least" bound's level is
    /// e^(−9.55/2) ≈ 0.008 of the best); at 1e-15 the tracker with three lapse rates took 12 times
    /// as long as with one, and its figures were the same (11 simulated listeners, 4 checkpoints,
    /// 100 runs each: median, coverage, nulls and "at least" alike).
    static let negligible = 1e-8

    /// The lapse rates weighed, each as likely before the answers: the share of answers given
    /// without hearing the difference. A listener who sometimes answers "higher" without listening
    /// looks the same in right and wrong answers (half of those answers are right), so this is
    /// their response bias too.
    public static let lapseRates = [0.02, 0.1, 0.2]

    public let changePerTrial: Double
    /// One per lapse rate weighed.
    let estimators: [ThresholdEstimator]

    public init(
        changePerTrial: Double = Self.chosenChangePerTrial, guessRate: Double = 0.5,
        lapseRates: [Double] = Self.lapseRates
    ) {
        precondition(changePerTrial >= 0, "a random walk's step cannot be negative")
        precondition(!lapseRates.isEmpty, "the tracker needs a lapse rate to weigh")
        self.changePerTrial = changePerTrial
        estimators = lapseRates.map { ThresholdEstimator(guessRate: guessRate, lapseRate: $0) }
    }

    /// The threshold after the newest of `trials` (oldest first); nothing below
    /// `ThresholdEstimator.minimumTrials` or when the answers cannot place it.
    public func estimate(_ trials: some Collection<ThresholdEstimator.Trial>) -> ThresholdEstimate? {
        let trials = Array(trials.suffix(Self.window))
        guard trials.count >= ThresholdEstimator.minimumTrials, let filtered = filter(trials) else { return nil }
        return Self.estimate(filtered.posterior, trials: trials.count)
    }

    /// The posterior over the estimator's thresholds after the newest of `trials` (oldest first),
    /// slopes summed out; nothing for no answers or answers no slope can explain.
    func posterior(_ trials: some Collection<ThresholdEstimator.Trial>) -> [Double]? {
        filter(Array(trials.suffix(Self.window)))?.posterior
    }

    /// The log probability of each answer given only the answers before it, summed: how well the
    /// model forecasts what it has not yet seen, the measure `StepSizeChoice` compares step sizes by.
    public func logEvidence(_ trials: some Collection<ThresholdEstimator.Trial>) -> Double {
        filter(Array(trials.suffix(Self.window)))?.logEvidence ?? 0
    }

    /// The posterior over the estimator's thresholds after the newest answer, slopes weighed and
    /// summed out, and the log evidence of all the answers.
    private func filter(_ trials: [ThresholdEstimator.Trial]) -> (posterior: [Double], logEvidence: Double)? {
        guard !trials.isEmpty else { return nil }
        // Chunks end at the newest answer, so that the newest state is read from a full chunk.
        var chunks: [TrialCounts] = []
        var end = trials.count
        while end > 0 {
            let start = max(0, end - Self.chunkSize)
            chunks.append(TrialCounts(trials[start..<end]))
            end = start
        }
        chunks.reverse()
        let rows = ThresholdEstimator.rowCount
        let slopes = ThresholdEstimator.slopes.count
        // A column per lapse rate and slope: the walk moves the threshold, not the listener's kind.
        let columns = estimators.count * slopes
        let kernel = Self.kernel(variance: changePerTrial * changePerTrial * Double(Self.chunkSize))
        var beliefs = [[Double]](repeating: [Double](repeating: 1 / Double(rows), count: rows), count: columns)
        var evidence = [Double](repeating: 0, count: columns)
        for (index, counts) in chunks.enumerated() where counts.count > 0 {
            var moved = beliefs
            if index > 0 {
                for column in 0..<columns where evidence[column] > -.infinity {
                    moved[column] = Self.diffuse(beliefs[column], kernel)
                }
            }
            // The answers are weighed only where some belief is left: far fewer rows than the grid's
            // once the first answers have ruled most out.
            let possible = Self.possibleRows(moved, where: evidence)
            guard !possible.isEmpty else { break }
            let logLikelihoods = estimators.map { $0.logLikelihoods(counts, rows: possible) }
            let shift = logLikelihoods.map { likelihood in
                possible.map { row in (0..<slopes).map { likelihood[row * slopes + $0] }.max()! }.max()!
            }.max()!
            for column in 0..<columns where evidence[column] > -.infinity {
                let logLikelihood = logLikelihoods[column / slopes]
                let slope = column % slopes
                var belief = moved[column]
                var total = 0.0
                for row in possible where belief[row] > 0 {
                    belief[row] *= exp(logLikelihood[row * slopes + slope] - shift)
                    total += belief[row]
                }
                guard total > 0 else {
                    evidence[column] = -.infinity
                    continue
                }
                evidence[column] += log(total) + shift
                let cut = belief.max()! / total * Self.negligible
                for row in possible {
                    belief[row] /= total
                    if belief[row] < cut { belief[row] = 0 }
                }
                beliefs[column] = belief
            }
        }
        let best = evidence.max()!
        guard best > -.infinity else { return nil }
        var posterior = [Double](repeating: 0, count: rows)
        var weights = 0.0
        for column in 0..<columns {
            let weight = exp(evidence[column] - best)
            weights += weight
            for row in 0..<rows { posterior[row] += weight * beliefs[column][row] }
        }
        return (posterior.map { $0 / weights }, best + log(weights / Double(columns)))
    }

    /// The walk's step over one chunk on the grid's rows: a normal of `variance` (natural log),
    /// sampled at the rows; below a row's spacing, the three-point step of the same variance.
    static func kernel(variance: Double) -> [Double] {
        let spacing = TrialCounts.step
        let rowVariance = variance / (spacing * spacing)
        guard rowVariance > 0 else { return [1] }
        if rowVariance < 1 { return [rowVariance / 2, 1 - rowVariance, rowVariance / 2] }
        let sigma = rowVariance.squareRoot()
        let reach = Int((4 * sigma).rounded(.up))
        let weights = (-reach...reach).map { exp(-0.5 * Double($0 * $0) / rowVariance) }
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }

    /// The rows where any column still holding evidence has belief left.
    private static func possibleRows(_ beliefs: [[Double]], where evidence: [Double]) -> Range<Int> {
        var first = ThresholdEstimator.rowCount
        var last = -1
        for (belief, evidence) in zip(beliefs, evidence) where evidence > -.infinity {
            if let low = belief.firstIndex(where: { $0 > 0 }) { first = min(first, low) }
            if let high = belief.lastIndex(where: { $0 > 0 }) { last = max(last, high) }
        }
        return first <= last ? first..<(last + 1) : 0..<0
    }

    static func diffuse(_ belief: [Double], _ kernel: [Double]) -> [Double] {
        guard kernel.count > 1, let first = belief.firstIndex(where: { $0 > 0 }),
            let last = belief.lastIndex(where: { $0 > 0 })
        else { return belief }
        let reach = kernel.count / 2
        var moved = [Double](repeating: 0, count: belief.count)
        for from in first...last where belief[from] > 0 {
            let mass = belief[from]
            for to in max(0, from - reach)...min(belief.count - 1, from + reach) {
                moved[to] += mass * kernel[to - from + reach]
            }
        }
        return moved
    }

    /// The estimate a posterior over the estimator's thresholds states. With flat priors it is the
    /// likelihood of the threshold now, so the estimator's likelihood-ratio rules read it.
    static func estimate(_ posterior: [Double], trials: Int) -> ThresholdEstimate? {
        let level = posterior.max()! * exp(-ThresholdEstimator.intervalCutoff / 2)
        guard posterior[0] < level else { return nil }
        let upperIsOpen = posterior[posterior.count - 1] >= level
        let quantile = ThresholdEstimator.quantiles(posterior)
        let interval =
            upperIsOpen
            ? (
                lower: ThresholdEstimator.likelihoodLowerBound(
                    posterior, level: exp(-ThresholdEstimator.atLeastCutoff / 2)),
                upper: ThresholdEstimator.thresholdRange.upperBound
            )
            : ThresholdEstimator.shortestInterval(quantile)
        return ThresholdEstimate(
            threshold: Cents(quantile(0.5)), lower: Cents(interval.lower), upper: Cents(interval.upper),
            upperIsOpen: upperIsOpen, percentCorrect: ThresholdEstimator.percentCorrect, trialCount: trials)
    }
}
