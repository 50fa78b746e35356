import Foundation

/// A real discrimination threshold, fitted to the answers rather than read off the Kazez chain.
///
/// The chain's asymmetric steps make it hover near 55–63 % correct, well below any conventional
/// threshold, so its running value understates what a listener can hear. Instead we fit the
/// two-alternative psychometric function
///
///     P(correct | Δ) = λ/2 + (1 − λ) · Φ(Δ / σ)
///
/// by maximum likelihood over the newest `window` comparisons. Φ is the standard normal CDF (the
/// equal-variance signal-detection model of 2AFC pitch discrimination), λ a fixed 2 % lapse rate
/// (an occasional press of the wrong button that no difference prevents), σ the only free
/// parameter. The reported threshold is the Δ at which the fitted function gives 75 % correct; its
/// 95 % interval is the profile-likelihood interval (2·Δlog L ≤ 3.84, χ² with one degree of freedom).
public struct ThresholdEstimator: Sendable {
    public struct Trial: Hashable, Sendable {
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
    }

    /// How many of the newest comparisons the fit uses: enough for a tight interval, recent enough
    /// to describe the listener as they are now.
    public static let window = 200
    /// Below this many trials the fit says nothing.
    public static let minimumTrials = 20
    public static let lapseRate = 0.02
    public static let percentCorrect = 0.75
    /// χ²(1) at 95 %: the likelihood-ratio cut-off of the interval.
    static let intervalCutoff = 3.841_459
    /// σ is searched on this range (cents); an optimum on its edge means the data cannot place it.
    static let sigmaRange = 0.01...2000.0

    /// Δ75 / σ: where Φ reaches the share of non-lapse answers that makes 75 % overall.
    static let thresholdPerSigma = inverseNormalCDF(
        (percentCorrect - lapseRate / 2) / (1 - lapseRate))

    /// How far above the largest difference played a threshold may still be reported.
    static let extrapolationLimit = 1.25

    public init() {}

    /// - Parameter trials: any order; only the newest `window` should be passed.
    /// - Returns: nothing when there are too few trials or they cannot place the threshold (for
    ///   example every answer correct: the data then only say "smaller than anything played").
    public func estimate(_ trials: some Collection<Trial>) -> ThresholdEstimate? {
        guard trials.count >= Self.minimumTrials else { return nil }
        let likelihood = Likelihood(trials)
        let lowest = log(Self.sigmaRange.lowerBound), highest = log(Self.sigmaRange.upperBound)

        // A coarse grid finds the peak's neighbourhood (the likelihood can be flat far from it),
        // then golden-section search refines it.
        let steps = 64
        let grid = (0...steps).map { lowest + (highest - lowest) * Double($0) / Double(steps) }
        let values = grid.map(likelihood.logLikelihood(logSigma:))
        let best = values.indices.max { values[$0] < values[$1] }!
        guard best > 0, best < steps else { return nil }
        let peak = goldenSectionMaximum(of: likelihood.logLikelihood(logSigma:), in: grid[best - 1]...grid[best + 1])
        let maximum = likelihood.logLikelihood(logSigma: peak)

        let level = maximum - Self.intervalCutoff / 2
        let inside = { (logSigma: Double) in likelihood.logLikelihood(logSigma: logSigma) >= level }
        let lower = inside(lowest) ? lowest : boundary(from: peak, to: lowest, inside: inside)
        let upper = inside(highest) ? highest : boundary(from: peak, to: highest, inside: inside)

        let scale = Self.thresholdPerSigma
        // Far beyond the largest difference played the fit only extrapolates: nothing was heard
        // there. A quarter more is allowed so that a threshold sitting on the largest level counts.
        let largestPlayed = trials.map(\.difference).max()!
        guard scale * exp(peak) <= Self.extrapolationLimit * largestPlayed else { return nil }
        return ThresholdEstimate(
            threshold: Cents(scale * exp(peak)), lower: Cents(scale * exp(lower)), upper: Cents(scale * exp(upper)),
            percentCorrect: Self.percentCorrect, trialCount: trials.count)
    }

    /// The probability of a correct answer at `difference` under the model with this σ.
    public static func probabilityCorrect(difference: Double, sigma: Double) -> Double {
        lapseRate / 2 + (1 - lapseRate) * normalCDF(difference / sigma)
    }

    /// The σ whose 75 %-correct point is `threshold`.
    public static func sigma(forThreshold threshold: Cents) -> Double {
        threshold.rawValue / thresholdPerSigma
    }

    private func goldenSectionMaximum(of f: (Double) -> Double, in range: ClosedRange<Double>) -> Double {
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = range.lowerBound, b = range.upperBound
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = f(c), fd = f(d)
        while b - a > 1e-7 {
            if fc > fd {
                b = d; d = c; fd = fc
                c = b - ratio * (b - a); fc = f(c)
            } else {
                a = c; c = d; fc = fd
                d = a + ratio * (b - a); fd = f(d)
            }
        }
        return (a + b) / 2
    }

    /// Bisection between a point inside the interval and one outside it.
    private func boundary(from inner: Double, to outer: Double, inside: (Double) -> Bool) -> Double {
        var inner = inner, outer = outer
        while abs(outer - inner) > 1e-7 {
            let middle = (inner + outer) / 2
            if inside(middle) { inner = middle } else { outer = middle }
        }
        return (inner + outer) / 2
    }

    static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    static func inverseNormalCDF(_ p: Double) -> Double {
        var low = -10.0, high = 10.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if normalCDF(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

/// The trials grouped by played difference: the chain repeats differences (0.1 ¢ resolution), so
/// each likelihood evaluation costs one Φ per distinct difference, not per trial.
private struct Likelihood {
    private var levels: [(difference: Double, correct: Double, wrong: Double)] = []

    init(_ trials: some Collection<ThresholdEstimator.Trial>) {
        var byDifference: [Double: (correct: Double, wrong: Double)] = [:]
        for trial in trials {
            byDifference[trial.difference, default: (0, 0)].correct += trial.isCorrect ? 1 : 0
            byDifference[trial.difference, default: (0, 0)].wrong += trial.isCorrect ? 0 : 1
        }
        // Sorted, so that the sum and with it every estimate replays exactly.
        levels = byDifference.map { ($0.key, $0.value.correct, $0.value.wrong) }.sorted { $0.difference < $1.difference }
    }

    func logLikelihood(logSigma: Double) -> Double {
        let sigma = exp(logSigma)
        var total = 0.0
        for level in levels {
            let p = ThresholdEstimator.probabilityCorrect(difference: level.difference, sigma: sigma)
            total += level.correct * log(p) + level.wrong * log(1 - p)
        }
        return total
    }
}
