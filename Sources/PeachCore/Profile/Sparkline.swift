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

    /// The fitted threshold per day of a day's timeline; days it cannot place are left out.
    public static func threshold(_ timeline: ThresholdTimeline) -> Sparkline {
        Sparkline(
            values: timeline.points.compactMap(\.fit?.threshold.rawValue), hasData: !timeline.isEmpty,
            caption: .init(english: "Fitted threshold per day: lower is better", german: "Geschätzte Schwelle pro Tag: niedriger ist besser"))
    }
}
