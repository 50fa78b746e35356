import Foundation

/// A real discrimination threshold, fitted to the answers rather than read off the Kazez chain.
///
/// The chain's asymmetric steps make it hover near 55–63 % correct, well below any conventional
/// threshold, so its running value understates what a listener can hear, and the fit has to
/// extrapolate from where the chain plays to the 75 % point. How far it may do so depends on how
/// steeply the listener's psychometric function rises, which differs between listeners; so the
/// slope is not assumed but estimated with the threshold:
///
///     P(correct | Δ) = λ/2 + (1 − λ) · Φ(z · (Δ / T)^k)
///
/// T is the threshold (75 % correct, lapses included: z is chosen so), k the slope exponent, λ a
/// 2 % lapse rate (an occasional press of the wrong button that no difference prevents). That is
/// two choices; a kind with n choices (which of three voices is out of tune) guesses right with
/// g = 1/n, and the model is its generalisation, P = g + (1 − g)(1 − λ)(2Φ(z · (Δ / T)^k) − 1),
/// which is the line above for g = ½ (`guessRate`). k = 1 is
/// the equal-variance signal-detection model of 2AFC; larger k are the steeper functions (a
/// Weibull of shape β rises like k = β near chance, where the chain plays). The estimate is
/// Bayesian on a grid: flat in log T over 0.02–2400 ¢, flat in log k over 0.6–4.5 (a slope range
/// wider than the ones reported for pitch discrimination), the slope marginalised out. The
/// threshold is the posterior median, the interval the shortest (in log T) that holds 95 % of the
/// posterior: where the chain plays far below the threshold, the shallow slopes give the posterior
/// a long upper tail, and the central 95 % spent its lower 2.5 % in the dense part, stating an
/// interval wider than the answers need (at 30 ¢ after 200 answers, ×9.2–11.9 where the shortest
/// is ×6.7–8.1 for Φ and logistic listeners, covering the truth as often: `peach simulate`).
///
/// Whether the data can place the threshold is read off the likelihood itself: when even the
/// smallest threshold considered fits within the 95 % likelihood-ratio cut-off of the best fit,
/// the answers only say "smaller than anything played" (almost no errors) and there is no
/// estimate; when the largest does, the interval is open above, and its lower end is where the
/// likelihood falls to a stricter cut-off (`atLeastCutoff`, `likelihoodLowerBound`).
public struct ThresholdEstimator: Sendable {
    public struct Trial: Hashable, Sendable, Codable {
        /// The unsigned difference that was played.
        public var difference: Double
        public var isCorrect: Bool

        public init(difference: Double, isCorrect: Bool) {
            self.difference = difference
            self.isCorrect = isCorrect
        }

        public init(_ comparison: CompletedComparison) {
            self.init(difference: comparison.centDifference.rawValue, isCorrect: comparison.isCorrect)
        }

        // Flat, as [difference, correct]: saved profiles hold hundreds.
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            self.init(difference: try container.decode(Double.self), isCorrect: try container.decode(Bool.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(difference)
            try container.encode(isCorrect)
        }
    }

    /// How many of the newest comparisons the fit uses: recent enough to describe the listener as
    /// they are now (two days of 200), and enough that the chain's spread of differences pins the
    /// slope too: with only the newest 200 of a long chain, which plays far below the threshold,
    /// the slope is barely identified and the median drifts by ±15 % with the listener's shape.
    public static let window = 400
    /// Below this many trials the fit says nothing.
    public static let minimumTrials = 20
    public static let lapseRate = 0.02
    public static let percentCorrect = 0.75
    /// χ²(1) at 95 %: the likelihood-ratio cut-off that decides whether an edge of the search is
    /// compatible with the answers.
    static let intervalCutoff = 3.841_459
    /// The likelihood-ratio cut-off (χ² scale) for the bound "at least" states: a one-sided
    /// 99.9 % bound (z = 3.09). "At least" is stated only when the interval is open above, which
    /// happens in as few as 1 run in 20 (a listener at 30 ¢ after 50 or 100 answers); for the bound
    /// to hold in 97.5 % of the runs that state it, it must fail in at most 1 in 800 of all runs.
    /// At the two-sided 95 % cut-off, it was above the truth in a third to half of those runs.
    static let atLeastCutoff = 3.090_232 * 3.090_232
    /// The thresholds considered (cents).
    static let thresholdRange = 0.02...2400.0
    /// The slope exponents considered, evenly spaced in log k.
    static let slopes: [Double] = (0..<9).map { exp(log(0.6) + (log(4.5) - log(0.6)) * Double($0) / 8) }

    /// The chance of a right answer by guessing: ½ for two choices.
    public let guessRate: Double
    private let tables: Tables

    private static let step = TrialCounts.step
    static let lowestIndex = Int((log(thresholdRange.lowerBound) / step).rounded(.down))
    private static let highestIndex = Int((log(thresholdRange.upperBound) / step).rounded(.up))
    /// log P(correct) and log P(wrong) for each slope and lattice offset between difference and
    /// threshold (clamped: beyond it the function is flat to double precision), for one guess rate
    /// and lapse rate.
    private final class Tables: Sendable {
        let byOffset: [(correct: [Double], wrong: [Double])]

        init(guessRate: Double, lapseRate: Double) {
            let z = thresholdZ(guessRate: guessRate, lapseRate: lapseRate)
            byOffset = ThresholdEstimator.slopes.map { k in
                let offsets = -maximumOffset...maximumOffset
                let p = offsets.map {
                    probabilityCorrect(
                        exp(Double($0) * step), slope: k, guessRate: guessRate, lapseRate: lapseRate, z: z)
                }
                return (p.map { log($0) }, p.map { log(1 - $0) })
            }
        }

        /// Built once per guess rate and lapse rate the profile uses: two choices (pitch) and three
        /// (Which Voice?), at each of the tracker's lapse rates.
        static let common: [Key: Tables] = Dictionary(
            uniqueKeysWithValues: [0.5, 1.0 / 3].flatMap { guessRate in
                ThresholdTracker.lapseRates.map { lapseRate in
                    let key = Key(guessRate: guessRate, lapseRate: lapseRate)
                    return (key, Tables(guessRate: guessRate, lapseRate: lapseRate))
                }
            })

        struct Key: Hashable {
            let guessRate: Double
            let lapseRate: Double
        }
    }

    private static let maximumOffset = 400

    /// - Parameter guessRate: 1/n for a kind whose answers are one of n choices.
    /// - Parameter lapseRate: the share of answers given without hearing the difference.
    public init(guessRate: Double = 0.5, lapseRate: Double = Self.lapseRate) {
        precondition(
            guessRate > 0 && guessRate < Self.percentCorrect, "guess rate \(guessRate) leaves no threshold to fit")
        precondition(
            lapseRate >= 0 && guessRate + (1 - guessRate) * (1 - lapseRate) > Self.percentCorrect,
            "lapse rate \(lapseRate) leaves no threshold to fit")
        self.guessRate = guessRate
        tables =
            Tables.common[Tables.Key(guessRate: guessRate, lapseRate: lapseRate)]
            ?? Tables(guessRate: guessRate, lapseRate: lapseRate)
    }

    /// - Parameter trials: any order; only the newest `window` should be passed.
    public func estimate(_ trials: some Collection<Trial>) -> ThresholdEstimate? {
        estimate(TrialCounts(trials))
    }

    /// - Returns: nothing when there are too few trials or they cannot place the threshold (for
    ///   example almost every answer correct: the data then only say "smaller than anything played").
    public func estimate(_ counts: TrialCounts) -> ThresholdEstimate? {
        guard counts.count >= Self.minimumTrials else { return nil }
        let rows = Self.rowCount
        let columns = Self.slopes.count
        let logLikelihood = logLikelihoods(counts)
        // The best over the slopes at each threshold.
        var profile = [Double](repeating: -Double.infinity, count: rows)
        for row in 0..<rows {
            for column in 0..<columns { profile[row] = max(profile[row], logLikelihood[row * columns + column]) }
        }
        let maximum: Double = profile.max()!
        let level = maximum - Self.intervalCutoff / 2
        guard profile[0] < level else { return nil }
        let upperIsOpen = profile[rows - 1] >= level

        var mass = [Double](repeating: 0, count: rows)
        for row in 0..<rows {
            for column in 0..<columns { mass[row] += exp(logLikelihood[row * columns + column] - maximum) }
        }
        let quantile = Self.quantiles(mass)
        let interval =
            upperIsOpen
            ? (
                lower: Self.likelihoodLowerBound(
                    profile.map { exp($0 - maximum) }, level: exp(-Self.atLeastCutoff / 2)),
                upper: Self.thresholdRange.upperBound
            )
            : Self.shortestInterval(quantile)
        return ThresholdEstimate(
            threshold: Cents(quantile(0.5)), lower: Cents(interval.lower), upper: Cents(interval.upper),
            upperIsOpen: upperIsOpen, percentCorrect: Self.percentCorrect, trialCount: counts.count)
    }

    /// How many thresholds the grid considers.
    static let rowCount = highestIndex - lowestIndex + 1

    /// The log likelihood of `counts` at each (threshold, slope) of the grid, row by row: a row per
    /// threshold, a column per slope; only at the thresholds `rows` (0 elsewhere), when the caller
    /// knows the others to be ruled out.
    func logLikelihoods(_ counts: TrialCounts, rows: Range<Int> = 0..<rowCount) -> [Double] {
        let bins = counts.sortedBins
        let columns = Self.slopes.count
        let maximumOffset = Self.maximumOffset
        var logLikelihood = [Double](repeating: 0, count: Self.rowCount * columns)
        for column in 0..<columns {
            let table = tables.byOffset[column]
            for row in rows {
                let t = Self.lowestIndex + row
                var total = 0.0
                for bin in bins {
                    let offset: Int = min(max(bin.index - t, -maximumOffset), maximumOffset) + maximumOffset
                    let correct = Double(bin.count.correct) * table.correct[offset]
                    total += correct + Double(bin.count.wrong) * table.wrong[offset]
                }
                logLikelihood[row * columns + column] = total
            }
        }
        return logLikelihood
    }

    /// The quantile function of a distribution given as masses on the grid's thresholds, each spread
    /// evenly over its cell, so that quantiles fall between lattice points rather than on them.
    static func quantiles(_ mass: [Double]) -> (Double) -> Double {
        let total = mass.reduce(0, +)
        var cumulative = [0.0]
        for value in mass { cumulative.append(cumulative.last! + value / total) }
        return { q in
            // The first cumulative ≥ q, found by halving: the shortest interval asks for hundreds.
            var low = 0
            var high = cumulative.count
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] >= q { high = middle } else { low = middle + 1 }
            }
            let cell = max(0, min(mass.count - 1, low == cumulative.count ? mass.count - 1 : low - 1))
            let within = mass[cell] > 0 ? (q - cumulative[cell]) / (cumulative[cell + 1] - cumulative[cell]) : 0.5
            return exp((Double(lowestIndex + cell) - 0.5 + min(max(within, 0), 1)) * step)
        }
    }

    /// The smallest threshold whose `density` (over the grid's thresholds, likelihood-like: a flat
    /// prior at most) reaches `level` (relative to its largest value), between lattice points by
    /// log-linear interpolation: at `exp(−atLeastCutoff / 2)`, what "at least" may state where the
    /// answers do not bound the threshold from above. The posterior's own lower
    /// quantiles cannot serve there: the flat prior spreads most of its mass over the thresholds up
    /// to 2400 ¢ that the answers do not rule out, and its 2.5 % point lay above the truth in 8 of 13
    /// such cases (issue 49).
    static func likelihoodLowerBound(_ density: [Double], level: Double) -> Double {
        let level = density.max()! * level
        let row = density.firstIndex { $0 >= level }!
        guard row > 0, density[row - 1] > 0 else { return exp(Double(lowestIndex + row) * step) }
        let within = log(level / density[row - 1]) / log(density[row] / density[row - 1])
        return exp((Double(lowestIndex + row - 1) + within) * step)
    }

    /// Share of the posterior the interval holds.
    static let credibility = 0.95

    /// The narrowest interval, as upper ÷ lower, that holds `credibility` of the distribution whose
    /// quantile function is `quantile`: of those from the q-quantile to the (q + 0.95)-quantile, the
    /// one with the smallest ratio, q tried in steps of 1/4000 (far finer than the grid's cells).
    static func shortestInterval(_ quantile: (Double) -> Double) -> (lower: Double, upper: Double) {
        let tried = 200
        let spare = 1 - credibility
        return (0...tried).map { index in
            let q = spare * Double(index) / Double(tried)
            return (lower: quantile(q), upper: quantile(min(q + credibility, 1)))
        }.min { $0.upper / $0.lower < $1.upper / $1.lower }!
    }

    /// The probability of a correct answer at `difference` under the model.
    public static func probabilityCorrect(difference: Double, threshold: Double, slope: Double, guessRate: Double = 0.5)
        -> Double
    {
        probabilityCorrect(
            difference / threshold, slope: slope, guessRate: guessRate, lapseRate: lapseRate,
            z: thresholdZ(guessRate: guessRate, lapseRate: lapseRate))
    }

    private static func probabilityCorrect(
        _ relativeDifference: Double, slope: Double, guessRate: Double, lapseRate: Double, z: Double
    ) -> Double {
        guessRate + (1 - guessRate) * (1 - lapseRate) * (2 * normalCDF(z * pow(relativeDifference, slope)) - 1)
    }

    /// z for which the model gives `percentCorrect` at Δ = T.
    static func thresholdZ(guessRate: Double, lapseRate: Double = lapseRate) -> Double {
        inverseNormalCDF(((percentCorrect - guessRate) / ((1 - guessRate) * (1 - lapseRate)) + 1) / 2)
    }

    static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    static func inverseNormalCDF(_ p: Double) -> Double {
        var low = -10.0
        var high = 10.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if normalCDF(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
