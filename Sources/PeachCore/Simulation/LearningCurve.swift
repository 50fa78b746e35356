import Foundation

/// A listener who improves as they train: threshold `from` at their first answer, falling
/// exponentially towards `to` with a time constant of `timeConstant` answers (`peach simulate
/// --learning FROM:TO:TAU`), e.g. 20 ¢ to 10 ¢ with τ = 60, the learner of issue 49.
public struct LearningCurve: Hashable, Sendable, CustomStringConvertible {
    public let from: Cents
    public let to: Cents
    public let timeConstant: Double

    public init(from: Cents, to: Cents, timeConstant: Double) {
        self.from = from
        self.to = to
        self.timeConstant = timeConstant
    }

    /// "FROM:TO:TAU", cents and answers; nothing when it is not three positive numbers.
    public init?(_ text: String) {
        let parts = text.split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        self.init(from: Cents(parts[0]), to: Cents(parts[1]), timeConstant: parts[2])
    }

    /// The threshold at the answer with this index (0: the first).
    public func threshold(at answer: Int) -> Cents {
        Cents(to.rawValue + (from.rawValue - to.rawValue) * exp(-Double(answer) / timeConstant))
    }

    public var description: String {
        "\(Self.format(from.rawValue))→\(Self.format(to.rawValue))/τ\(Self.format(timeConstant))"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
