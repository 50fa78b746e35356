import Foundation
import PeachCore

/// Which period a chart draws. Zoomed out over years, a chart of days would hold thousands of dots
/// the plot cannot tell apart (and send hundreds of kilobytes), so a chart that may coarsen draws
/// the next longer period (day → week → month) until the view holds no more periods than the plot
/// has room for dots side by side. The view keeps its dates: it is converted into the period drawn.
///
/// The rule is the server's alone: the chart says at which view widths it would draw another
/// period (`finerBelow`, `coarserAbove`), and the browser asks again when its view crosses one.
public struct ChartPeriod: Sendable {
    public let timeline: ThresholdTimeline
    /// In periods of `timeline`; nothing: its most recent ones (`ChartWindow`).
    public let view: ClosedRange<Double>?
    /// View widths, in periods of `timeline`, at which another period would be drawn; never on the
    /// view drawn, so the chart drawn never asks for itself again.
    public let finerBelow: Double?
    public let coarserAbove: Double?

    /// - Parameters:
    ///   - finest: the period asked for; a chart never draws a finer one.
    ///   - view: in periods of `viewPeriod`; nothing: the most recent periods of `finest`.
    ///   - coarsens: whether the chart may draw a longer period than `finest`.
    ///   - room: how many periods the plot shows as dots of their own (`ThresholdChart.room`).
    public init(
        _ profile: PerceptualProfile, finest: ThresholdTimeline.Period, view: ClosedRange<Double>?,
        in viewPeriod: ThresholdTimeline.Period, coarsens: Bool, room: Double
    ) {
        let periods = coarsens ? Array(ThresholdTimeline.Period.allCases.drop { $0 != finest }) : [finest]
        // What a coarser period is asked to show: the dates of the view, or of the finest's opening view.
        let asked: (view: ClosedRange<Double>, timeline: ThresholdTimeline)? =
            view.map { ($0, profile.timeline(viewPeriod)) }
            ?? {
                guard coarsens else { return nil }
                let opening = ChartWindow(profile.timeline(finest), view: nil)
                return (opening.visibleStart...(opening.visibleStart + opening.visibleWidth), profile.timeline(finest))
            }()
        var position = 0
        var timeline = profile.timeline(finest)
        var shown: ClosedRange<Double>? = nil
        var width = 0.0
        for (index, period) in periods.enumerated() {
            (position, timeline) = (index, profile.timeline(period))
            shown = asked.map { ChartWindow.view($0.view, from: $0.timeline, to: timeline) }
            width = ChartWindow(timeline, view: shown).visibleWidth
            if width <= room { break }
        }
        (self.timeline, self.view) = (timeline, shown)
        let seconds = timeline.period.nominalSeconds
        finerBelow = position > 0 ? min(room * periods[position - 1].nominalSeconds / seconds, width) : nil
        coarserAbove = position < periods.count - 1 ? max(room, width) : nil
    }
}
