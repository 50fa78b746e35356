/// What a sparkline traces: one value per day, oldest first, and what that series is, in words
/// that say which way is better (a line alone does not tell whether rising is good news).
public struct Sparkline: Sendable {
    public let values: [Double]
    /// Whether there is any record behind it: without two values a line is drawn flat, quiet when
    /// there is nothing yet.
    public let hasData: Bool
    public let caption: DisciplineDeclaration.Names

    /// Which way a kind's series is better: an error or threshold falls as the user improves, a
    /// signed offset comes to zero.
    public enum Reading: String, Sendable, CaseIterable {
        case lowerIsBetter, closerToZero
    }

    public init(values: [Double], hasData: Bool, caption: DisciplineDeclaration.Names) {
        self.values = values
        self.hasData = hasData
        self.caption = caption
    }

    /// A sparkline is a glance a few hundred pixels wide: past this many points, a line over years
    /// of days drew tens of kilobytes of detail no one could see.
    public static let maximumPoints = 60

    /// `count` values, oldest first, cut into at most `maximumPoints` runs of consecutive values as
    /// equal as can be; each value alone when they are few.
    public static func runs(of count: Int) -> [Range<Int>] {
        let runs = min(count, maximumPoints)
        return (0..<runs).map { run in (run * count / runs)..<((run + 1) * count / runs) }
    }

    /// The fitted threshold of a day's timeline, per day while they are few and per run of days
    /// (`runs(of:)`, each run's answers pooled) when they are many; what it cannot place is left out.
    public static func threshold(_ timeline: ThresholdTimeline) -> Sparkline {
        Sparkline(
            values: timeline.overview().compactMap { $0?.threshold.rawValue }, hasData: !timeline.isEmpty,
            caption: .init(english: "Fitted threshold over time: lower is better", german: "Geschätzte Schwelle im Lauf der Zeit: niedriger ist besser"))
    }
}
