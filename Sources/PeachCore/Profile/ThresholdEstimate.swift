/// A fitted threshold with its 95 % interval, e.g. "8.4 ¢ (7.1–9.9) at 75 % correct".
public struct ThresholdEstimate: Hashable, Sendable {
    public let threshold: Cents
    public let lower: Cents
    public let upper: Cents
    /// The share of correct answers the threshold stands for (0.75).
    public let percentCorrect: Double
    public let trialCount: Int

    public func covers(_ value: Cents) -> Bool { lower <= value && value <= upper }
}
