import Foundation

/// Whether the user's threshold is getting finer, as an understated signal: training, not testing,
/// so no score, only a direction.
///
/// The threshold's direction is the direction of its change (`ThresholdChange`), so the Profile
/// never says "no change you can be sure of" beside "improving" (issue 49): improving when the
/// change's interval lies wholly below no change (a sure fall), declining when wholly above,
/// stable otherwise. Where there is no change yet there is no trend ("not enough data").
public enum Trend: String, Hashable, Sendable, Codable, CaseIterable {
    case improving, stable, declining

    /// The direction of `change`, over its span (`ThresholdChange.answers`).
    public init(_ change: ThresholdChange) {
        if change.upper < 1 {
            self = .improving
        } else if change.lower > 1 {
            self = .declining
        } else {
            self = .stable
        }
    }

    /// How many of the newest matching attempts their trend reads.
    public static let window = 2000
    /// A change in mean matching error smaller than this share is stable, however sure.
    public static let tolerance = 0.05
    /// One-sided 95 % of the standard normal.
    static let significance = 1.644_854

    /// Matching attempts (slider or voice) need this many before their halves are compared.
    public static let minimumMatchingCount = 20

    /// Matching accuracy's own direction, with no tracker behind it: the newest attempts' absolute errors (up to
    /// `Trend.window`) split into halves, whose means are compared; improving when the newer mean
    /// is more than `tolerance` lower and the difference beyond its standard error (one-sided 95 %).
    /// - Parameter absoluteErrors: oldest first.
    public init?(absoluteErrors: some Collection<Double>) {
        guard absoluteErrors.count >= Self.minimumMatchingCount else { return nil }
        let recent = absoluteErrors.suffix(Self.window)
        let older = Welford(recent.prefix(recent.count / 2))
        let newer = Welford(recent.suffix(recent.count - older.count))
        guard let before = older.mean, let after = newer.mean,
            let beforeSD = older.standardDeviation, let afterSD = newer.standardDeviation
        else { return nil }
        let standardError = (beforeSD * beforeSD / Double(older.count) + afterSD * afterSD / Double(newer.count))
            .squareRoot()
        let change = after - before
        if after < before * (1 - Self.tolerance), change < -Self.significance * standardError {
            self = .improving
        } else if after > before * (1 + Self.tolerance), change > Self.significance * standardError {
            self = .declining
        } else {
            self = .stable
        }
    }
}
