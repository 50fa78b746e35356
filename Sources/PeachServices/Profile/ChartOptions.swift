import Foundation
import PeachCore

/// What the threshold chart may be asked for, checked the same way for the API and the command line.
public struct ChartOptions: Sendable {
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public static let widths = 200...4000
    public static let heights = 120...2000
    public static let languages = ["en", "de"]
    /// A view's first period, from the first period's start, and its width, in periods.
    public static let viewStarts: ClosedRange<Double> = -1_000_000...1_000_000
    public static let viewWidths: ClosedRange<Double> = 1...1_000_000

    public let period: ThresholdTimeline.Period
    public let width: Int
    public let height: Int
    public let language: String
    /// The periods to show, in periods of `viewPeriod` from its first period; nothing: the most
    /// recent ones.
    public let view: ClosedRange<Double>?
    public let viewPeriod: ThresholdTimeline.Period
    /// Whether the chart may draw a longer period than `period` when zoomed out (`ChartPeriod`).
    public let coarsens: Bool

    /// - Parameter viewPeriod: the period `viewStart` and `viewWidth` count in; nothing: `period`.
    public init(
        period: String = "day", width: Int = 800, height: Int = 320, language: String = "en",
        viewStart: Double? = nil, viewWidth: Double? = nil, viewPeriod: ThresholdTimeline.Period? = nil,
        coarsens: Bool = false
    ) throws(Invalid) {
        guard let parsed = ThresholdTimeline.Period(rawValue: period) else {
            throw Invalid(
                description:
                    "period must be one of \(ThresholdTimeline.Period.allCases.map(\.rawValue).joined(separator: ", ")), got '\(period)'"
            )
        }
        guard Self.widths.contains(width) else {
            throw Invalid(
                description:
                    "width must be an integer from \(Self.widths.lowerBound) to \(Self.widths.upperBound), got '\(width)'"
            )
        }
        guard Self.heights.contains(height) else {
            throw Invalid(
                description:
                    "height must be an integer from \(Self.heights.lowerBound) to \(Self.heights.upperBound), got '\(height)'"
            )
        }
        guard Self.languages.contains(language) else {
            throw Invalid(
                description: "lang must be one of \(Self.languages.joined(separator: ", ")), got '\(language)'")
        }
        view = try Self.view(start: viewStart, width: viewWidth)
        if viewPeriod != nil, view == nil {
            throw Invalid(
                description: "viewPeriod goes with viewStart and viewWidth: it names the period they count in")
        }
        self.viewPeriod = viewPeriod ?? parsed
        self.coarsens = coarsens
        self.period = parsed
        self.width = width
        self.height = height
        self.language = language
    }

    /// The periods a view shows, checked as the chart and the timeline both take it; nothing: the
    /// most recent ones.
    static func view(start: Double?, width: Double?) throws(Invalid) -> ClosedRange<Double>? {
        switch (start, width) {
        case (nil, nil):
            return nil
        case (let start?, let width?) where viewWidths.contains(width) && viewStarts.contains(start):
            return start...(start + width)
        default:
            throw Invalid(
                description:
                    "viewStart and viewWidth go together: viewWidth from 1 to 1000000 periods, viewStart a number of periods"
            )
        }
    }

    /// The period drawn and the view in it: the chart's, and the timeline's sent beside it.
    public func drawn(_ profile: PerceptualProfile) -> ChartPeriod {
        ChartPeriod(
            profile, finest: period, view: view, in: viewPeriod, coarsens: coarsens,
            room: ThresholdChart.room(width: Double(width)))
    }

    /// The chart of `profile` as the Profile screen shows it.
    public func svg(_ profile: PerceptualProfile) -> String {
        let drawn = drawn(profile)
        return ThresholdChart(
            timeline: drawn.timeline, size: .init(width: Double(width), height: Double(height)),
            locale: Locale(identifier: language), view: drawn.view,
            otherPeriods: (drawn.finerBelow, drawn.coarserAbove),
            measurements: profile.measurements.finished
        ).svg()
    }
}
