/// How close pitch-matching attempts land (seed story 14.2): overall, not per note.
public struct PitchMatchingStatistics: Hashable, Sendable {
    private var absoluteErrors = Welford()

    public init() {}

    public mutating func add(_ attempt: CompletedPitchMatching) {
        absoluteErrors.add(attempt.userCentError.magnitude.rawValue)
    }

    public var count: Int { absoluteErrors.count }
    /// Nothing, not zero, before the first attempt.
    public var meanAbsoluteError: Cents? { absoluteErrors.mean.map(Cents.init) }
    /// The sample standard deviation of the absolute errors.
    public var standardDeviation: Cents? { absoluteErrors.standardDeviation.map(Cents.init) }
}
