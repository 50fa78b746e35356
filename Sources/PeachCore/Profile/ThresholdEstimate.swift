/// A fitted threshold with its 95 % interval, e.g. "8.4 ¢ (7.1–9.9) at 75 % correct".
public struct ThresholdEstimate: Hashable, Sendable {
    public let threshold: Cents
    public let lower: Cents
    public let upper: Cents
    /// True when the answers do not bound the threshold from above (they stay near chance up to the
    /// largest threshold the fit considers): `upper` is then only the edge of the search, and the
    /// honest statement is "at least `lower`".
    public let upperIsOpen: Bool
    /// The share of correct answers the threshold stands for (0.75).
    public let percentCorrect: Double
    public let trialCount: Int

    public init(threshold: Cents, lower: Cents, upper: Cents, upperIsOpen: Bool = false, percentCorrect: Double, trialCount: Int) {
        self.threshold = threshold
        self.lower = lower
        self.upper = upper
        self.upperIsOpen = upperIsOpen
        self.percentCorrect = percentCorrect
        self.trialCount = trialCount
    }

    public func covers(_ value: Cents) -> Bool { lower <= value && (upperIsOpen || value <= upper) }
}
