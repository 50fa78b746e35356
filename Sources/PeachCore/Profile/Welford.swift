/// Running mean and standard deviation in one pass (Welford's method): numerically stable, O(1)
/// memory, and updated one value at a time, so a profile never has to revisit old records.
public struct Welford: Hashable, Sendable, Codable {
    public private(set) var count = 0
    private var runningMean = 0.0
    private var sumOfSquaredDeviations = 0.0

    public init() {}

    // Flat, as [count, mean, sum of squared deviations]: saved profiles hold one per day.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        count = try container.decode(Int.self)
        runningMean = try container.decode(Double.self)
        sumOfSquaredDeviations = try container.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(count)
        try container.encode(runningMean)
        try container.encode(sumOfSquaredDeviations)
    }

    public init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - runningMean
        runningMean += delta / Double(count)
        sumOfSquaredDeviations += delta * (value - runningMean)
    }

    /// Nothing, not zero, when nothing has been added.
    public var mean: Double? { count > 0 ? runningMean : nil }

    /// The sample standard deviation; zero for a single value, nothing for none.
    public var standardDeviation: Double? {
        switch count {
        case 0: nil
        case 1: 0
        default: (sumOfSquaredDeviations / Double(count - 1)).squareRoot()
        }
    }
}
