/// A fitted threshold with its 95 % interval, e.g. "8.4 ¢ (7.1–9.9) at 75 % correct".
public struct ThresholdEstimate: Hashable, Sendable, Codable {
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

    public init(
        threshold: Cents, lower: Cents, upper: Cents, upperIsOpen: Bool = false, percentCorrect: Double, trialCount: Int
    ) {
        self.threshold = threshold
        self.lower = lower
        self.upper = upper
        self.upperIsOpen = upperIsOpen
        self.percentCorrect = percentCorrect
        self.trialCount = trialCount
    }

    public func covers(_ value: Cents) -> Bool { lower <= value && (upperIsOpen || value <= upper) }
}

/// Which estimates a screen may state. One rule for every place a fitted threshold reaches a user
/// (the Profile's headline and timeline, the intervals, rhythm, a teacher's class, the terminal):
/// each asks `ifInformative`, and shows "not enough data yet" for nothing.
extension ThresholdEstimate {
    /// The widest 95 % interval, as upper ÷ lower, that still says something: an order of magnitude
    /// (×/÷ 3 around the estimate). Simulated listeners of 3, 10 and 30 ¢ on a fresh chain reach it in
    /// 96–100 % of runs once the fit has its full window of 400 answers; fits of 20–30 answers have
    /// ratios of 6–96 (medians); the class view's 17.5–924.5 ¢ is 53, from an untrained listener's
    /// threshold (16–40 ¢) to far past any difference Peach plays (at most 100 ¢ by default).
    public static let widestInformativeRatio = 10.0

    /// An interval open above is still informative: it is stated as "at least `lower`".
    public var isInformative: Bool {
        upperIsOpen || upper.rawValue <= Self.widestInformativeRatio * lower.rawValue
    }

    /// This estimate where it may be stated; nothing where the answers do not place it closely enough.
    public var ifInformative: ThresholdEstimate? { isInformative ? self : nil }
}
