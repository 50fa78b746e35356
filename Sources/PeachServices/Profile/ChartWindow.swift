import Foundation
import PeachCore

/// Which periods of a timeline a chart view draws: the view, and what it can reach by moving one
/// view-width either way, so that a long history costs no more than a short one. The chart and the
/// timeline JSON the Profile reads beside it (tap-for-details) take the same window, so every dot's
/// `data-index` has its point.
public struct ChartWindow: Sendable {
    /// Each period's x, in period units from the first period's start (its centre).
    public let xs: [Double]
    public let domain: ClosedRange<Double>
    public let visibleStart: Double
    public let visibleWidth: Double
    public let rendered: ClosedRange<Double>
    /// The periods drawn: those in `rendered` and one beyond each end, which keeps the lines running
    /// off the edge.
    public let indices: Range<Int>

    /// How many periods the chart shows when it opens: the most recent ones.
    public static let initiallyVisiblePeriods = 30

    /// - Parameter view: the periods shown, in period units from the first period's start (what the
    ///   browser's view was when it asked); nothing: the most recent `initiallyVisiblePeriods`.
    public init(_ timeline: ThresholdTimeline, view: ClosedRange<Double>?) {
        let aggregates = timeline.aggregates
        let origin = Self.origin(of: timeline)
        let xs = aggregates.map { $0.start.timeIntervalSince(origin) / timeline.period.nominalSeconds + 0.5 }
        let domain = 0.0...((xs.last ?? 0) + 0.5)
        let visibleWidth = min(
            view.map { $0.upperBound - $0.lowerBound } ?? Double(Self.initiallyVisiblePeriods), domain.upperBound)
        let visibleStart = min(
            max(view?.lowerBound ?? domain.upperBound, domain.lowerBound), domain.upperBound - visibleWidth)
        let rendered =
            max(
                domain.lowerBound, visibleStart - visibleWidth)...min(
                domain.upperBound, visibleStart + 2 * visibleWidth)
        let first = max(0, (xs.firstIndex { $0 >= rendered.lowerBound } ?? xs.count) - 1)
        let end = min(xs.count, (xs.lastIndex { $0 <= rendered.upperBound } ?? -1) + 2)
        (self.xs, self.domain, self.visibleStart, self.visibleWidth, self.rendered) = (
            xs, domain, visibleStart, visibleWidth, rendered
        )
        indices = first < end ? first..<end : first..<first
    }
}

extension ChartWindow {
    /// `view`, in periods of `source`, as periods of `target`: the same stretch of time, so a view
    /// keeps its first and last date when the chart draws another period.
    public static func view(_ view: ClosedRange<Double>, from source: ThresholdTimeline, to target: ThresholdTimeline)
        -> ClosedRange<Double>
    {
        guard source.period != target.period else { return view }
        let shift = origin(of: source).timeIntervalSince(origin(of: target))
        let x = { (value: Double) in (shift + value * source.period.nominalSeconds) / target.period.nominalSeconds }
        return x(view.lowerBound)...x(view.upperBound)
    }

    /// Where x is 0: the first period's start.
    private static func origin(of timeline: ThresholdTimeline) -> Date {
        timeline.aggregates.first?.start ?? Date(timeIntervalSince1970: 0)
    }
}
