import Foundation

/// Whether the user's threshold is getting finer, as an understated signal: training, not testing,
/// so no score, only a direction.
///
/// The rule: take the newest comparisons (up to `Trend.window`), split them into an older and a
/// newer half, and fit the threshold of each half with the headline's estimator. The newer half is
/// improving when its threshold is more than `Trend.tolerance` (5 %) lower and the two fits differ
/// beyond their uncertainty (one-sided 95 %, from the fits' intervals); declining the other way
/// round; anything else is stable. The played differences are not compared: the Kazez chain sits
/// at a fraction of the threshold, and how large a fraction depends on the listener's slope.
/// When either half cannot be fitted there is no trend yet ("not enough data").
public enum Trend: String, Hashable, Sendable, Codable, CaseIterable {
    case improving, stable, declining

    /// Ten days of 200 answers: long enough that each half's fit is tight enough to show a real change.
    public static let window = 2000
    /// Each half needs 40 comparisons before it is fitted: below that its interval is too wide to
    /// show any change.
    public static let minimumCount = 80
    public static let tolerance = 0.05
    /// One-sided 95 % of the standard normal.
    static let significance = 1.644_854

    /// - Parameter trials: oldest first.
    public init?(trials: some Collection<ThresholdEstimator.Trial>) {
        guard trials.count >= Self.minimumCount else { return nil }
        let recent = trials.suffix(Self.window)
        let older = recent.prefix(recent.count / 2)
        let newer = recent.suffix(recent.count - older.count)
        let estimator = ThresholdEstimator()
        guard let before = estimator.estimate(older), let after = estimator.estimate(newer),
            !before.upperIsOpen, !after.upperIsOpen
        else { return nil }
        self.init(before: before, after: after)
    }

    /// Matching attempts (slider or voice) need this many before their halves are compared.
    public static let minimumMatchingCount = 20

    /// The same verdict on matching accuracy: the newest attempts' absolute errors (up to
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

    /// The verdict on two fits, older first.
    init(before: ThresholdEstimate, after: ThresholdEstimate) {
        // The 95 % intervals are nearly symmetric in log cents: their half-width over 1.96 is the
        // standard error of the log threshold.
        func standardError(_ fit: ThresholdEstimate) -> Double {
            log(fit.upper.rawValue / fit.lower.rawValue) / (2 * 1.96)
        }
        let change = log(after.threshold.rawValue / before.threshold.rawValue)
        let z =
            change
            / (standardError(before) * standardError(before) + standardError(after) * standardError(after)).squareRoot()
        if change < log(1 - Self.tolerance), z < -Self.significance {
            self = .improving
        } else if change > log(1 + Self.tolerance), z > Self.significance {
            self = .declining
        } else {
            self = .stable
        }
    }
}
