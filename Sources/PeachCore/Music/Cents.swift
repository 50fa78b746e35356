/// A pitch difference in cents (1/100 of an equal-tempered semitone). Positive is sharper.
public struct Cents: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Double

    public init(_ rawValue: Double) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let zero = Cents(0)

    public var magnitude: Cents { Cents(abs(rawValue)) }

    /// Rounds to the nearest multiple of `step` cents (the original app's 0.1 ¢ resolution uses 0.1).
    public func rounded(toMultipleOf step: Double) -> Cents {
        Cents((rawValue / step).rounded() * step)
    }

    public static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.rawValue + rhs.rawValue) }
    public static func - (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.rawValue - rhs.rawValue) }
    public static prefix func - (value: Cents) -> Cents { Cents(-value.rawValue) }
    public static func * (lhs: Double, rhs: Cents) -> Cents { Cents(lhs * rhs.rawValue) }

    public var description: String { "\(rawValue) ¢" }
}
