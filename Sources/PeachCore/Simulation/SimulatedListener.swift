import Foundation

/// A listener with a known threshold, answering as a real one would: 75 % correct at `threshold`,
/// more above it, towards chance below it, and a lapse now and then. The shape of the rise is the
/// listener's own, not necessarily the one the estimator's model starts from, so the simulation
/// can show how the fit does on listeners it does not assume.
public struct SimulatedListener: Sendable {
    public enum Shape: Hashable, Sendable, CustomStringConvertible {
        /// Equal-variance signal detection: Φ(Δ / σ).
        case normal
        /// The 2AFC Weibull 1 − ½·exp(−(Δ/α)^β); larger β rise more steeply.
        case weibull(beta: Double)
        /// The logistic counterpart of Φ, 1 / (1 + exp(−Δ / s)): the same start at chance, heavier
        /// tails, so it nears 100 % more slowly than the fit's models.
        case logistic

        public var description: String {
            switch self {
            case .normal: "normal"
            case .weibull(let beta): "weibull:" + (beta == beta.rounded() ? String(Int(beta)) : String(beta))
            case .logistic: "logistic"
            }
        }
    }

    public let threshold: Cents
    public let lapseRate: Double
    public let shape: Shape
    /// The share of trials on which the listener does not listen and answers "higher": a response
    /// bias the estimator does not model (its answers are right on half of those trials).
    public let bias: Double
    /// σ (normal), α (Weibull) or s (logistic), chosen so that the function, lapses included, gives 75 % at `threshold`.
    private let scale: Double

    public init(
        threshold: Cents, lapseRate: Double = ThresholdEstimator.lapseRate, shape: Shape = .normal, bias: Double = 0
    ) {
        self.threshold = threshold
        self.bias = bias
        self.lapseRate = lapseRate
        self.shape = shape
        let target = (ThresholdEstimator.percentCorrect - lapseRate / 2) / (1 - lapseRate)
        switch shape {
        case .normal: scale = threshold.rawValue / ThresholdEstimator.inverseNormalCDF(target)
        case .weibull(let beta): scale = threshold.rawValue / pow(-log(2 * (1 - target)), 1 / beta)
        case .logistic: scale = threshold.rawValue / -log(1 / target - 1)
        }
    }

    public func probabilityCorrect(_ comparison: Comparison) -> Double {
        let biased: Double = comparison.correctAnswer == .higher ? 1 : 0
        return bias * biased + (1 - bias) * probabilityCorrect(difference: comparison.centOffset.magnitude.rawValue)
    }

    /// At an unsigned difference in the threshold's unit, without the bias: cents, or percent of a sixteenth for a
    /// timing listener.
    public func probabilityCorrect(difference: Double) -> Double {
        let rise =
            switch shape {
            case .normal: ThresholdEstimator.normalCDF(difference / scale)
            case .weibull(let beta): 1 - 0.5 * exp(-pow(difference / scale, beta))
            case .logistic: 1 / (1 + exp(-difference / scale))
            }
        return lapseRate / 2 + (1 - lapseRate) * rise
    }

    public func answer(_ comparison: Comparison, using generator: inout some RandomNumberGenerator) -> ComparisonAnswer
    {
        let correct = Double.random(in: 0..<1, using: &generator) < probabilityCorrect(comparison)
        let wrong: ComparisonAnswer = comparison.correctAnswer == .higher ? .lower : .higher
        return correct ? comparison.correctAnswer : wrong
    }
}
