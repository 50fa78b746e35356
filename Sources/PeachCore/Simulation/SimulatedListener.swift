/// A listener with a known threshold, answering as the psychometric model says a real one would:
/// 75 % correct at `threshold`, more above it, towards chance below it, and a lapse now and then.
public struct SimulatedListener: Sendable {
    public let threshold: Cents
    public let lapseRate: Double
    private let sigma: Double

    public init(threshold: Cents, lapseRate: Double = ThresholdEstimator.lapseRate) {
        self.threshold = threshold
        self.lapseRate = lapseRate
        // Chosen so that this listener's own function, lapses included, crosses 75 % at `threshold`.
        let z = ThresholdEstimator.inverseNormalCDF((ThresholdEstimator.percentCorrect - lapseRate / 2) / (1 - lapseRate))
        sigma = threshold.rawValue / z
    }

    public func probabilityCorrect(_ comparison: Comparison) -> Double {
        lapseRate / 2 + (1 - lapseRate) * ThresholdEstimator.normalCDF(comparison.centOffset.magnitude.rawValue / sigma)
    }

    public func answer(_ comparison: Comparison, using generator: inout some RandomNumberGenerator) -> ComparisonAnswer {
        let correct = Double.random(in: 0..<1, using: &generator) < probabilityCorrect(comparison)
        let wrong: ComparisonAnswer = comparison.correctAnswer == .higher ? .lower : .higher
        return correct ? comparison.correctAnswer : wrong
    }
}
