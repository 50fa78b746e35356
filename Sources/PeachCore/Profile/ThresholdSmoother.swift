import Foundation

/// The threshold of each period of a timeline, read from its own answers and its neighbours'.
///
/// One day of training is 200 answers or so, and the Kazez chain plays them well below the
/// threshold, so a day alone places its threshold only within a factor of about 1.5 either way
/// (its own fit scatters from 0.4 to 2.3 times the truth for a simulated listener). Listeners
/// change slowly, though, so the days around a day say much about it. The smoother treats the
/// listener's log threshold as a hidden state that drifts from period to period:
///
/// - a steady trend of `drift` per day (improving or getting worse), plus a random change with a
///   standard deviation of `dailyChange` per √day;
/// - with probability `jumpPerDay` per day, a jump to anywhere in the range (new headphones, a
///   cold, a long break), so that a real step is followed rather than smoothed away;
///
/// and computes each period's posterior given every period's answers (forward–backward on the
/// estimator's grid of thresholds). The slope of the psychometric function is the listener's, so
/// it is shared by all periods; it and the trend are not assumed but weighted by how well they
/// explain the whole timeline (flat priors over the estimator's slopes and `drifts`). Each
/// period's threshold is its posterior median, the interval the shortest that holds 95 % of it;
/// the interval, "cannot place it" and "open above" are read as the estimator reads them.
struct ThresholdSmoother: Sendable {
    /// One period's answers as the smoother needs them; worth keeping while the period is unchanged.
    struct Period: Sendable {
        let start: Date
        let trials: Int
        fileprivate let likelihood: Likelihood

        init(counts: TrialCounts, start: Date) {
            self.start = start
            trials = counts.count
            likelihood = ThresholdSmoother.likelihood(of: counts)
        }
    }

    /// How much a listener's threshold moves by chance: a standard deviation of 10 % per √day.
    static let dailyChange = 0.1
    /// Steady trends considered, in natural-log cents per day (±20 %: 30 ¢ to 8 ¢ in three weeks
    /// is −7 % a day).
    static let drifts: [Double] = (-2...2).map { Double($0) * 0.1 }
    /// The chance of a jump to anywhere on a given day.
    static let jumpPerDay = 0.05
    /// Rows whose likelihood is this far (natural log) below the period's best are treated as
    /// impossible for that period.
    static let negligible = 20.0
    /// Trend–slope combinations weighing less than this relative to the best are left out of the
    /// posterior.
    static let negligibleWeight = 1e-6

    /// Every how many of the estimator's thresholds the smoother works on: 8 % apart, still finer
    /// than a day's answers resolve, and a quarter of the work.
    private static let rowStride = 2
    private static let step = TrialCounts.step * Double(rowStride)
    /// The smoother's thresholds: the estimator's rows 0, 2, 4, …
    private static let rows = (ThresholdEstimator.rowCount + rowStride - 1) / rowStride
    private static let slopeCount = ThresholdEstimator.slopes.count

    /// One period's likelihood over the grid, kept only on the rows where it is not negligible.
    fileprivate struct Likelihood: Sendable {
        /// The first row kept.
        let first: Int
        /// Relative likelihood (the best row of any slope is 1), per slope, over the rows kept.
        let values: [[Double]]
        /// The log of the scale divided out.
        let shift: Double
        var rows: Range<Int> { first..<(first + values[0].count) }
    }

    /// A transition from one period to the next.
    private struct Transition {
        /// Weights of a move by `offset` rows, for offsets `-reach...reach`.
        let kernel: [Double]
        let reach: Int
        /// The chance of a jump anywhere.
        let jump: Double

        init(days: Double, drift: Double) {
            let sigma = ThresholdSmoother.dailyChange * days.squareRoot()
            let mean = drift * days
            reach = max(1, Int(((3 * sigma + abs(mean)) / ThresholdSmoother.step).rounded(.up)))
            var kernel = (-reach...reach).map { offset in
                let z = (Double(offset) * ThresholdSmoother.step - mean) / sigma
                return exp(-0.5 * z * z)
            }
            let total = kernel.reduce(0, +)
            for index in kernel.indices { kernel[index] /= total }
            self.kernel = kernel
            jump = 1 - pow(1 - ThresholdSmoother.jumpPerDay, days)
        }
    }

    /// Each period's estimate, in the order given (oldest first); nothing for a period whose
    /// threshold the timeline cannot place.
    func estimates(_ periods: [Period]) -> [ThresholdEstimate?] {
        let total = periods.reduce(0) { $0 + $1.trials }
        guard !periods.isEmpty, total >= ThresholdEstimator.minimumTrials else {
            return Array(repeating: nil, count: periods.count)
        }
        let likelihoods = periods.map(\.likelihood)
        let days = zip(periods.dropFirst(), periods).map { max($0.start.timeIntervalSince($1.start), 1) / 86_400 }

        // Which slope and trend explain the whole timeline: the evidence of each, forward only.
        // The slopes are weighed without a trend first; only those that matter are tried with each.
        let transitions = Self.drifts.map { drift in days.map { Transition(days: $0, drift: drift) } }
        let steady = transitions[Self.drifts.firstIndex(of: 0)!]
        let slopeEvidence = (0..<Self.slopeCount).map { forward(likelihoods, steady, slope: $0, keep: false).evidence }
        let bestSlope = slopeEvidence.max()!
        let slopes = slopeEvidence.indices.filter { slopeEvidence[$0] - bestSlope >= log(Self.negligibleWeight) }
        var combinations: [(drift: Int, slope: Int, evidence: Double)] = []
        for (driftIndex, drift) in Self.drifts.enumerated() {
            for slope in slopes {
                let evidence =
                    drift == 0
                    ? slopeEvidence[slope]
                    : forward(likelihoods, transitions[driftIndex], slope: slope, keep: false).evidence
                combinations.append((driftIndex, slope, evidence))
            }
        }
        let best = combinations.map(\.evidence).max()!

        var posteriors = likelihoods.map { [Double](repeating: 0, count: $0.values[0].count) }
        for combination in combinations {
            let weight = exp(combination.evidence - best)
            guard weight >= Self.negligibleWeight else { continue }
            let filtered = forward(likelihoods, transitions[combination.drift], slope: combination.slope, keep: true)
                .messages
            smooth(likelihoods, transitions[combination.drift], slope: combination.slope, filtered: filtered) {
                period, posterior in
                for index in posterior.indices { posteriors[period][index] += weight * posterior[index] }
            }
        }
        return zip(periods, zip(likelihoods, posteriors)).map { period, pair in
            Self.estimate(first: pair.0.first, mass: pair.1, trials: period.trials)
        }
    }

    private static func likelihood(of counts: TrialCounts) -> Likelihood {
        let grid = ThresholdEstimator().logLikelihoods(counts)
        func at(_ row: Int, _ slope: Int) -> Double { grid[row * rowStride * slopeCount + slope] }
        let shift = (0..<rows).map { row in (0..<slopeCount).map { at(row, $0) }.max()! }.max()!
        var first = rows
        var last = -1
        for row in 0..<rows {
            var best = -Double.infinity
            for slope in 0..<slopeCount { best = max(best, at(row, slope)) }
            if best >= shift - negligible {
                first = min(first, row)
                last = row
            }
        }
        let values = (0..<slopeCount).map { slope in
            (first...last).map { exp(at($0, slope) - shift) }
        }
        return Likelihood(first: first, values: values, shift: shift)
    }

    /// The filtered posterior of each period (normalised, over its likelihood's rows) and the log
    /// evidence of the whole timeline. With `keep` false only the evidence is returned.
    private func forward(
        _ likelihoods: [Likelihood], _ transitions: [Transition], slope: Int, keep: Bool
    ) -> (messages: [[Double]], evidence: Double) {
        var messages: [[Double]] = []
        var previous: [Double] = []
        var previousFirst = 0
        var evidence = 0.0
        for (period, likelihood) in likelihoods.enumerated() {
            let values = likelihood.values[slope]
            var message = [Double](repeating: 0, count: values.count)
            if period == 0 {
                for index in values.indices { message[index] = values[index] / Double(Self.rows) }
            } else {
                let transition = transitions[period - 1]
                let uniform = transition.jump / Double(Self.rows)
                for index in values.indices where values[index] > 0 {
                    // Probability of arriving at this row: from every row the kernel reaches.
                    let row = likelihood.first + index
                    var arriving = 0.0
                    let low = max(previousFirst, row - transition.reach)
                    let high = min(previousFirst + previous.count - 1, row + transition.reach)
                    if low <= high {
                        for from in low...high {
                            arriving +=
                                transition.kernel[row - from + transition.reach] * previous[from - previousFirst]
                        }
                    }
                    message[index] = ((1 - transition.jump) * arriving + uniform) * values[index]
                }
            }
            let total = message.reduce(0, +)
            // Nothing this slope can explain (its likelihood underflows everywhere).
            guard total > 0 else { return ([], -.infinity) }
            evidence += log(total) + likelihood.shift
            for index in message.indices { message[index] /= total }
            if keep { messages.append(message) }
            previous = message
            previousFirst = likelihood.first
        }
        return (messages, evidence)
    }

    /// Runs the backward pass and hands each period's smoothed posterior (normalised, over its
    /// likelihood's rows) to `body`, newest first.
    private func smooth(
        _ likelihoods: [Likelihood], _ transitions: [Transition], slope: Int, filtered: [[Double]],
        _ body: (Int, [Double]) -> Void
    ) {
        var backward = [Double](repeating: 1, count: filtered.last!.count)
        for period in stride(from: likelihoods.count - 1, through: 0, by: -1) {
            var posterior = zip(filtered[period], backward).map { $0 * $1 }
            let total = posterior.reduce(0, +)
            for index in posterior.indices { posterior[index] /= total }
            body(period, posterior)
            guard period > 0 else { break }

            // What this period's answers and everything after say about the period before.
            let likelihood = likelihoods[period]
            let earlier = likelihoods[period - 1]
            let transition = transitions[period - 1]
            let values = likelihood.values[slope]
            let carried = zip(values, backward).map { $0 * $1 }
            let uniform = transition.jump / Double(Self.rows) * carried.reduce(0, +)
            var previous = [Double](repeating: 0, count: earlier.values[0].count)
            for index in previous.indices {
                let row = earlier.first + index
                var leaving = 0.0
                let low = max(likelihood.first, row - transition.reach)
                let high = min(likelihood.first + carried.count - 1, row + transition.reach)
                if low <= high {
                    for to in low...high {
                        leaving += transition.kernel[to - row + transition.reach] * carried[to - likelihood.first]
                    }
                }
                previous[index] = (1 - transition.jump) * leaving + uniform
            }
            let scale = previous.max()!
            backward = scale > 0 ? previous.map { $0 / scale } : previous
        }
    }

    /// The estimate from a period's posterior mass over rows `first...`.
    private static func estimate(first: Int, mass: [Double], trials: Int) -> ThresholdEstimate? {
        // Back on the estimator's thresholds: each row's cell spans half of the ones either side.
        var full = [Double](repeating: 0, count: ThresholdEstimator.rowCount)
        for (index, value) in mass.enumerated() {
            let center = (first + index) * rowStride
            for (offset, share) in [(-1, 0.25), (0, 0.5), (1, 0.25)] where full.indices.contains(center + offset) {
                full[center + offset] += share * value
            }
        }
        // The estimator's likelihood-ratio rules, on the posterior (the priors are flat).
        // "At least" states the likelihood's lower bound, as the tracker's headline does.
        return ThresholdTracker.estimate(full, trials: trials)
    }
}
