import Foundation
import PeachCore

/// The one renderer of the threshold timeline: the Profile screen shows this SVG and
/// `peach profile --svg` writes it, so the two can never disagree.
///
/// The data (±1 SD band, rolling-mean line, one dot per period) sit in a nested `<svg class="plot">`
/// whose viewBox is in period units horizontally and pixels vertically, stretched with
/// preserveAspectRatio="none"; strokes are non-scaling, and a dot is a zero-length round-capped
/// stroke, so it stays round. Scrolling and zooming the time axis is therefore only a change of
/// that viewBox; the browser re-places the date labels from their `data-x`.
struct ThresholdChart {
    struct Size {
        var width: Double
        var height: Double
    }

    /// How many periods the chart shows when it opens: the most recent ones.
    static let initiallyVisiblePeriods = 30
    /// Date labels closer than this (px) would overlap; the later one is hidden. The browser applies
    /// the same gap, read from `data-label-gap`, whenever the view moves.
    static let labelGap = 64.0

    let timeline: ThresholdTimeline
    let size: Size
    let locale: Locale

    private let left = 48.0, right = 12.0, top = 12.0, bottom = 28.0

    func svg() -> String {
        let points = timeline.points
        let plotWidth = size.width - left - right, plotHeight = size.height - top - bottom
        let origin = points.first?.aggregate.start ?? Date(timeIntervalSince1970: 0)
        let xs = points.map { $0.aggregate.start.timeIntervalSince(origin) / timeline.period.nominalSeconds + 0.5 }
        let domain = 0.0...((xs.last ?? 0) + 0.5)
        let visibleStart = max(domain.lowerBound, domain.upperBound - Double(Self.initiallyVisiblePeriods))
        let visibleWidth = domain.upperBound - visibleStart

        let highest = points.map { max($0.aggregate.meanThreshold.rawValue, $0.rollingMean.rawValue + $0.rollingStandardDeviation.rawValue) }.max() ?? 1
        let (yMax, yStep) = Self.niceScale(highest)
        let y = { (cents: Double) in plotHeight - cents / yMax * plotHeight }

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" class="threshold-chart" viewBox="0 0 \(f(size.width)) \(f(size.height))" \
        width="\(f(size.width))" height="\(f(size.height))" data-period="\(timeline.period.rawValue)" \
        data-plot-left="\(f(left))" data-plot-width="\(f(plotWidth))" data-domain-start="\(f(domain.lowerBound))" \
        data-domain-end="\(f(domain.upperBound))" data-label-gap="\(f(Self.labelGap))">
        <style>
        .threshold-chart .chart-background { fill: var(--chart-background, #ffffff); }
        .threshold-chart text { font: 11px system-ui, sans-serif; fill: var(--chart-label, #5a5a5f); }
        .threshold-chart .grid { stroke: var(--chart-grid, #d8d8dc); stroke-width: 1; }
        .threshold-chart .band { fill: var(--chart-band, rgba(179, 67, 31, 0.18)); stroke: none; }
        .threshold-chart .mean { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 2; stroke-linejoin: round; }
        .threshold-chart .dot { stroke: var(--chart-dot, #48484a); stroke-width: 7; stroke-linecap: round; }
        .threshold-chart .dot.selected { stroke: var(--chart-line, #b3431f); stroke-width: 12; }
        </style>
        <rect class="chart-background" x="0" y="0" width="\(f(size.width))" height="\(f(size.height))"/>
        <g class="y-axis">
        """
        for tick in stride(from: 0, through: yMax + yStep / 2, by: yStep) {
            let position = top + y(tick)
            out += #"<line class="grid" x1="\#(f(left))" x2="\#(f(size.width - right))" y1="\#(f(position))" y2="\#(f(position))"/>"#
            out += #"<text x="\#(f(left - 6))" y="\#(f(position + 4))" text-anchor="end">\#(Self.number(tick)) ¢</text>"#
        }
        out += "</g>\n"

        out += #"<svg class="plot" x="\#(f(left))" y="\#(f(top))" width="\#(f(plotWidth))" height="\#(f(plotHeight))" viewBox="\#(f(visibleStart)) 0 \#(f(visibleWidth)) \#(f(plotHeight))" preserveAspectRatio="none">"#
        if !points.isEmpty {
            let upper = zip(xs, points).map { "\(f($0)),\(f(y($1.rollingMean.rawValue + $1.rollingStandardDeviation.rawValue)))" }
            let lower = zip(xs, points).reversed().map { "\(f($0)),\(f(y(max(0, $1.rollingMean.rawValue - $1.rollingStandardDeviation.rawValue))))" }
            out += #"<path class="band" d="M\#((upper + lower).joined(separator: " L"))Z"/>"#
            let line = zip(xs, points).map { "\(f($0)),\(f(y($1.rollingMean.rawValue)))" }
            // A single period still gets a visible mean: a short level stroke.
            let mean = line.count == 1 ? "M\(f(xs[0] - 0.3)),\(f(y(points[0].rollingMean.rawValue))) h0.6" : "M" + line.joined(separator: " L")
            out += #"<path class="mean" d="\#(mean)" vector-effect="non-scaling-stroke"/>"#
            out += #"<g class="dots">"#
            for (index, (x, point)) in zip(xs, points).enumerated() {
                out += #"<path class="dot" data-index="\#(index)" data-x="\#(f(x))" d="M\#(f(x)),\#(f(y(point.aggregate.meanThreshold.rawValue))) h0" vector-effect="non-scaling-stroke"/>"#
            }
            out += "</g>"
        }
        out += "</svg>\n<g class=\"x-axis\">"
        let scale = plotWidth / visibleWidth
        var lastShown = -Double.infinity
        for (x, point) in zip(xs, points) {
            let position = left + (x - visibleStart) * scale
            let visible = position >= left && position <= left + plotWidth && position - lastShown >= Self.labelGap
            if visible { lastShown = position }
            out += #"<text data-x="\#(f(x))" x="\#(f(position))" y="\#(f(size.height - 8))" text-anchor="middle"\#(visible ? "" : #" visibility="hidden""#)>\#(label(point.aggregate.start))</text>"#
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// The rolling mean alone: no axes, no labels, no dots (seed story 9.2, AC 6). Without data, a
    /// quiet dashed baseline that looks meant, not broken.
    static func sparkline(_ timeline: ThresholdTimeline) -> String {
        let width = 300.0, height = 60.0, inset = 4.0
        let means = timeline.points.map(\.rollingMean.rawValue)
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" class="sparkline" viewBox="0 0 300 60" preserveAspectRatio="none" aria-hidden="true">"#
        out += "<style>.sparkline path { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; } .sparkline path.empty { stroke: var(--chart-grid, #c7c7cc); stroke-dasharray: 4 6; }</style>"
        if means.count < 2 {
            out += #"<path class="\#(means.isEmpty ? "empty" : "trace")" d="M\#(inset),\#(height / 2) L\#(width - inset),\#(height / 2)" vector-effect="non-scaling-stroke"/>"#
        } else {
            let low = means.min()!, high = means.max()!
            let span = max(high - low, 1e-9)
            let points = means.enumerated().map { index, mean in
                let x = inset + (width - 2 * inset) * Double(index) / Double(means.count - 1)
                let y = high == low ? height / 2 : inset + (height - 2 * inset) * (high - mean) / span
                return "\(f(x)),\(f(y))"
            }
            out += #"<path class="trace" d="M\#(points.joined(separator: " L"))" vector-effect="non-scaling-stroke"/>"#
        }
        return out + "</svg>\n"
    }

    private func label(_ date: Date) -> String {
        var style = Date.FormatStyle(locale: locale, calendar: timeline.calendar, timeZone: timeline.calendar.timeZone)
        style = timeline.period == .hour ? style.day().month(.abbreviated).hour() : style.day().month(.abbreviated)
        return Self.escaped(date.formatted(style))
    }

    /// A round upper bound and tick step for 0…value, with four to eight ticks.
    static func niceScale(_ value: Double) -> (maximum: Double, step: Double) {
        let target = max(value, 0.5) / 5
        let magnitude = pow(10, floor(log10(target)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= target }!
        return ((max(value, 0.5) / step).rounded(.up) * step, step)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}

/// Coordinates with two decimals: precise to a hundredth of a pixel or period, and compact.
private func f(_ value: Double) -> String { String(format: "%.2f", value) }
