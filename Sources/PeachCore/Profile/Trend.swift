/// Whether the user's comparisons are getting finer, as an understated signal (seed story 5.2).
///
/// The rule: take the newest comparisons (up to `Trend.window`), split them into an older and a
/// newer half, and compare the mean cent difference of the halves. The Kazez chain tracks the
/// listener, so a smaller mean difference means they now hear smaller differences. A change of
/// more than `Trend.tolerance` (5 %) either way is improving / declining, anything less is stable.
/// Fewer than `Trend.minimumCount` comparisons give no trend at all (the indicator is hidden).
public enum Trend: String, Hashable, Sendable, Codable {
    case improving, stable, declining

    public static let window = 1000
    public static let minimumCount = 20
    public static let tolerance = 0.05

    /// - Parameter differences: unsigned cent differences, oldest first.
    public init?(differences: some Collection<Double>) {
        guard differences.count >= Self.minimumCount else { return nil }
        let recent = differences.suffix(Self.window)
        let older = recent.prefix(recent.count / 2)
        let newer = recent.suffix(recent.count - older.count)
        let olderMean = older.reduce(0, +) / Double(older.count)
        let newerMean = newer.reduce(0, +) / Double(newer.count)
        if newerMean < olderMean * (1 - Self.tolerance) {
            self = .improving
        } else if newerMean > olderMean * (1 + Self.tolerance) {
            self = .declining
        } else {
            self = .stable
        }
    }
}
