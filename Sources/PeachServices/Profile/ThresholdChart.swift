import Foundation
import PeachCore

/// The one renderer of the threshold timeline: the Profile screen shows this SVG and
/// `peach profile --svg` writes it, so the two can never disagree.
///
/// The main series is the fitted threshold per period (the headline's estimator and percent
/// correct, read from the period's answers and its neighbours'): a line through one dot per
/// period, inside its 95 % interval drawn as a band; an interval open above runs to the top
/// edge, dashed. The mean difference played is a secondary dashed series, labelled in the legend.
/// The data sit in a nested `<svg class="plot">` whose viewBox is in period units horizontally and
/// pixels vertically, stretched with preserveAspectRatio="none"; strokes are non-scaling, and a dot
/// is a zero-length round-capped stroke, so it stays round. Scrolling and zooming the time axis is
/// therefore only a change of that viewBox; the browser re-places the date labels from their `data-x`.
public struct ThresholdChart {
    struct Size {
        var width: Double
        var height: Double
    }

    /// Date labels closer than this (px) would overlap; the later one is hidden. The browser applies
    /// the same gap, read from `data-label-gap`, whenever the view moves.
    static let labelGap = 64.0

    let timeline: ThresholdTimeline
    let size: Size
    let locale: Locale
    /// The periods the plot shows (`ChartWindow`); nothing: the most recent ones.
    var view: ClosedRange<Double>? = nil
    /// The view widths at which another period would be drawn (`ChartPeriod`), for the browser.
    var otherPeriods: (finerBelow: Double?, coarserAbove: Double?) = (nil, nil)
    /// "Measure my threshold" results, each drawn in the period it finished in as a square marker
    /// on its own 95 % interval: a measurement, not a period's fit.
    var measurements: [ThresholdMeasurement] = []

    /// A dot's width (px): periods closer together than this no longer read as dots of their own.
    public static let dotDiameter = 8.0
    /// The plot's margins (px): the cent labels' room on the left.
    static let left = 48.0, right = 12.0
    private var left: Double { Self.left }
    private var right: Double { Self.right }
    private let bottom = 28.0

    /// The most periods a view shows, however wide the chart: a period drawn is some 300 bytes of
    /// timeline JSON and 260 of SVG, and a chart draws three views' worth, so its responses stay
    /// under 100 KiB.
    public static let mostPeriodsShown = 100.0

    /// How many periods a chart `width` px wide shows as dots of their own.
    public static func room(width: Double) -> Double { min((width - left - right) / dotDiameter, mostPeriodsShown) }
    /// The legend's second entry goes below the first when the two do not fit side by side (a
    /// phone held upright).
    private var legendWraps: Bool {
        left + 34 + Double(text(.threshold).count + text(.played).count) * 6 + 24 > size.width - right
    }
    private var top: Double { (legendWraps ? 46 : 28) + (measurements.isEmpty ? 0 : 18) }

    func svg() -> String {
        let plotWidth = size.width - left - right
        let plotHeight = size.height - top - bottom
        let window = ChartWindow(timeline, view: view)
        let (domain, visibleStart, visibleWidth, rendered) = (
            window.domain, window.visibleStart, window.visibleWidth, window.rendered
        )
        let first = window.indices.lowerBound
        let points = timeline.points(in: window.indices)
        let xs = Array(window.xs[window.indices])

        // The period each measurement finished in, where the window shows it.
        let measured = measurements.compactMap { measurement -> (x: Double, estimate: ThresholdEstimate)? in
            guard let index = timeline.aggregates.lastIndex(where: { $0.start <= measurement.finished }),
                window.indices.contains(index)
            else { return nil }
            return (window.xs[index], measurement.estimate)
        }
        let (yMax, yStep) = Self.niceScale(
            max(Self.highest(points), measured.map { 1.2 * $0.estimate.threshold.rawValue }.max() ?? 0))
        let y = { (cents: Double) in max(0, plotHeight - cents / yMax * plotHeight) }

        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" class="threshold-chart" viewBox="0 0 \(f(size.width)) \(f(size.height))" \
            width="\(f(size.width))" height="\(f(size.height))" data-period="\(timeline.period.rawValue)" \
            data-plot-left="\(f(left))" data-plot-width="\(f(plotWidth))" data-domain-start="\(f(domain.lowerBound))" \
            data-domain-end="\(f(domain.upperBound))" data-rendered-start="\(f(rendered.lowerBound))" \
            data-rendered-end="\(f(rendered.upperBound))" data-label-gap="\(f(Self.labelGap))"\
            \(otherPeriods.finerBelow.map { " data-finer-below=\"\(f($0))\"" } ?? "")\
            \(otherPeriods.coarserAbove.map { " data-coarser-above=\"\(f($0))\"" } ?? "")>
            <style>
            .threshold-chart .chart-background { fill: var(--chart-background, #ffffff); }
            .threshold-chart text { font: 11px system-ui, sans-serif; fill: var(--chart-label, #5a5a5f); }
            .threshold-chart .grid { stroke: var(--chart-grid, #d8d8dc); stroke-width: 1; }
            .threshold-chart .band { fill: var(--chart-band, rgba(179, 67, 31, 0.18)); stroke: none; }
            .threshold-chart .clipped { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
            .threshold-chart .open { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 1.5; stroke-dasharray: 3 3; opacity: 0.6; }
            .threshold-chart .threshold { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 2; stroke-linejoin: round; }
            .threshold-chart .played { fill: none; stroke: var(--chart-dot, #48484a); stroke-width: 1.5; stroke-dasharray: 5 4; stroke-linejoin: round; opacity: 0.75; }
            .threshold-chart .dot { stroke: var(--chart-line, #b3431f); stroke-width: \(Int(Self.dotDiameter)); stroke-linecap: round; }
            .threshold-chart .dot.selected { stroke: var(--chart-dot, #48484a); stroke-width: 12; }
            .threshold-chart .gap { stroke: var(--chart-dot, #48484a); stroke-width: 6; stroke-linecap: round; opacity: 0.45; }
            .threshold-chart .gap.selected { opacity: 1; stroke-width: 10; }
            .threshold-chart .legend-threshold { stroke: var(--chart-line, #b3431f); stroke-width: 2; }
            .threshold-chart .legend-played { stroke: var(--chart-dot, #48484a); stroke-width: 1.5; stroke-dasharray: 5 4; }
            .threshold-chart .measurement { stroke: var(--chart-dot, #48484a); stroke-width: 11; stroke-linecap: square; }
            .threshold-chart .measurement-interval { stroke: var(--chart-dot, #48484a); stroke-width: 2; }
            </style>
            <rect class="chart-background" x="0" y="0" width="\(f(size.width))" height="\(f(size.height))"/>
            <svg class="legend" x="0" y="0" width="\(f(size.width))" height="\(f(top))" overflow="visible">
            <line class="legend-threshold" x1="\(f(left))" x2="\(f(left + 18))" y1="10" y2="10"/>\
            <text class="legend-label" x="\(f(left + 24))" y="14">\(Self.escaped(text(.threshold)))</text>
            """
        let playedX = legendWraps ? left : left + 34 + Double(text(.threshold).count) * 6
        let playedY = legendWraps ? 28.0 : 10
        out +=
            #"<line class="legend-played" x1="\#(f(playedX))" x2="\#(f(playedX + 18))" y1="\#(f(playedY))" y2="\#(f(playedY))"/>"#
        out +=
            #"<text class="legend-label" x="\#(f(playedX + 24))" y="\#(f(playedY + 4))">\#(Self.escaped(text(.played)))</text>"#
        if !measurements.isEmpty {
            let measuredY = legendWraps ? 46.0 : 28
            out +=
                #"<line class="measurement-interval" x1="\#(f(left + 9))" x2="\#(f(left + 9))" y1="\#(f(measuredY - 6))" y2="\#(f(measuredY + 6))"/>"#
            out += #"<path class="measurement legend-measurement" d="M\#(f(left + 9)),\#(f(measuredY)) h0"/>"#
            out +=
                #"<text class="legend-label" x="\#(f(left + 24))" y="\#(f(measuredY + 4))">\#(Self.escaped(text(.measured)))</text>"#
        }
        // The legend, like the date labels, is localized by this renderer (the CLI writes it too).
        out += "</svg>\n<g class=\"y-axis\">"
        for tick in stride(from: 0, through: yMax + yStep / 2, by: yStep) {
            let position = top + y(tick)
            out +=
                #"<line class="grid" x1="\#(f(left))" x2="\#(f(size.width - right))" y1="\#(f(position))" y2="\#(f(position))"/>"#
            out +=
                #"<text x="\#(f(left - 6))" y="\#(f(position + 4))" text-anchor="end">\#(Self.number(tick, locale: locale)) ¢</text>"#
        }
        out += "</g>\n"

        out +=
            #"<svg class="plot" x="\#(f(left))" y="\#(f(top))" width="\#(f(plotWidth))" height="\#(f(plotHeight))" viewBox="\#(f(visibleStart)) 0 \#(f(visibleWidth)) \#(f(plotHeight))" preserveAspectRatio="none">"#
        if !points.isEmpty {
            let fitted = zip(xs, points).compactMap { x, point in point.fit.map { (x: x, fit: $0) } }
            // The band and the line break where a period cannot be placed.
            var runs: [[(x: Double, fit: ThresholdEstimate)]] = []
            for (index, point) in points.enumerated() {
                guard let fit = point.fit else {
                    runs.append([])
                    continue
                }
                if runs.isEmpty { runs.append([]) }
                runs[runs.count - 1].append((xs[index], fit))
            }
            for run in runs where !run.isEmpty {
                // A lone period gets a band and a line of its own width.
                let spread =
                    run.count == 1
                    ? [(run[0].x - 0.3, run[0].fit), (run[0].x + 0.3, run[0].fit)] : run.map { ($0.x, $0.fit) }
                let upper = spread.map { "\(f($0.0)),\(f(y($0.1.upperIsOpen ? yMax : $0.1.upper.rawValue)))" }
                let lower = spread.reversed().map { "\(f($0.0)),\(f(y($0.1.lower.rawValue)))" }
                out += #"<path class="band" d="M\#((upper + lower).joined(separator: " L"))Z"/>"#
                out +=
                    #"<path class="threshold" d="M\#(spread.map { "\(f($0.0)),\(f(y($0.1.threshold.rawValue)))" }.joined(separator: " L"))" vector-effect="non-scaling-stroke"/>"#
            }
            for (x, fit) in fitted where fit.upperIsOpen {
                out +=
                    #"<path class="open" d="M\#(f(x)),\#(f(y(fit.lower.rawValue))) V0" vector-effect="non-scaling-stroke"/>"#
            }
            // A band cut at the top edge says so: a chevron pointing on up, and in words.
            for (x, fit) in fitted where !fit.upperIsOpen && fit.upper.rawValue > yMax {
                out +=
                    #"<path class="clipped" data-x="\#(f(x))" d="M\#(f(x - 0.3)),8 L\#(f(x)),1.5 L\#(f(x + 0.3)),8" vector-effect="non-scaling-stroke"><title>\#(Self.escaped(clippedText(fit)))</title></path>"#
            }
            let played = zip(xs, points).map { "\(f($0)),\(f(y($1.aggregate.meanThreshold.rawValue)))" }
            let playedPath =
                played.count == 1
                ? "M\(f(xs[0] - 0.3)),\(f(y(points[0].aggregate.meanThreshold.rawValue))) h0.6"
                : "M" + played.joined(separator: " L")
            out += #"<path class="played" d="\#(playedPath)" vector-effect="non-scaling-stroke"/>"#
            out += #"<g class="dots">"#
            for (offset, (x, point)) in zip(xs, points).enumerated() {
                let index = first + offset
                // A period without a threshold is a faint mark on the differences played, so that a
                // tap opens its popup too and it says why there is none (issue 49).
                let (mark, cents) =
                    point.fit.map { ("dot", $0.threshold.rawValue) }
                    ?? ("gap", point.aggregate.meanThreshold.rawValue)
                out +=
                    #"<path class="\#(mark)" data-index="\#(index)" data-x="\#(f(x))" d="M\#(f(x)),\#(f(y(cents))) h0" vector-effect="non-scaling-stroke"/>"#
            }
            out += "</g>"
        }
        if !measured.isEmpty {
            out += #"<g class="measurements">"#
            for (x, estimate) in measured {
                let upper = estimate.upperIsOpen ? yMax : estimate.upper.rawValue
                out +=
                    #"<path class="measurement-interval" d="M\#(f(x)),\#(f(y(estimate.lower.rawValue))) V\#(f(y(upper)))" vector-effect="non-scaling-stroke"/>"#
                out +=
                    #"<path class="measurement" data-x="\#(f(x))" data-threshold="\#(f(estimate.threshold.rawValue))" d="M\#(f(x)),\#(f(y(estimate.threshold.rawValue))) h0" vector-effect="non-scaling-stroke"/>"#
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
            out +=
                #"<text data-x="\#(f(x))" x="\#(f(position))" y="\#(f(size.height - 8))" text-anchor="middle"\#(visible ? "" : #" visibility="hidden""#)>\#(label(point.aggregate.start))</text>"#
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// What the y axis must show. Only periods with `scaleMinimumAnswers` answers or more count
    /// (all of them, when none has that many): a day of a few answers, whose band is wide and whose
    /// differences played may still be the chain's first, large ones, would flatten every other
    /// day. Within them the scale follows the thresholds and the differences played; an interval
    /// reaching far above them is cut at the top edge (and marked) rather than stretching it.
    static func highest(_ points: [ThresholdTimeline.Point]) -> Double {
        let settled = points.filter { $0.aggregate.count >= scaleMinimumAnswers }
        let counted = settled.isEmpty ? points : settled
        let thresholds = counted.compactMap(\.fit?.threshold.rawValue)
        let closedUppers = counted.compactMap { $0.fit.flatMap { $0.upperIsOpen ? nil : $0.upper.rawValue } }
        return max(
            counted.map(\.aggregate.meanThreshold.rawValue).max() ?? 1,
            min(closedUppers.max() ?? 0, 1.6 * (thresholds.max() ?? 0)))
    }

    /// As many answers as the estimator needs to say anything on its own.
    static let scaleMinimumAnswers = ThresholdEstimator.minimumTrials

    private func clippedText(_ fit: ThresholdEstimate) -> String {
        let upper = Self.number(fit.upper.rawValue, locale: locale)
        return locale.language.languageCode == .german
            ? "wahrscheinlich bis \(upper) ¢, über den Rand hinaus"
            : "likely up to \(upper) ¢, beyond the edge"
    }

    private enum Text { case threshold, played, measured }

    private func text(_ key: Text) -> String {
        let german = locale.language.languageCode == .german
        return switch key {
        case .threshold:
            german
                ? "Schwelle (75 % richtig)"
                : "Threshold (75 % correct)"
        case .played: german ? "Gespielter Unterschied (Mittel)" : "Mean difference played"
        case .measured:
            german
                ? "Gemessene Schwelle" : "Measured threshold"
        }
    }

    private func label(_ date: Date) -> String {
        var style = Date.FormatStyle(locale: locale, calendar: timeline.calendar, timeZone: timeline.calendar.timeZone)
        style =
            switch timeline.period {
            case .hour: style.day().month(.abbreviated).hour()
            case .day, .week: style.day().month(.abbreviated)
            case .month: style.month(.abbreviated).year()
            }
        return Self.escaped(date.formatted(style))
    }

    /// A round upper bound and tick step for 0…value, with four to eight ticks.
    static func niceScale(_ value: Double) -> (maximum: Double, step: Double) {
        let target = max(value, 0.5) / 5
        let magnitude = pow(10, floor(log10(target)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= target }!
        return ((max(value, 0.5) / step).rounded(.up) * step, step)
    }

    /// A whole number as it is, else one decimal, as the chart's language writes it ("2,5" in German).
    static func number(_ value: Double, locale: Locale) -> String {
        let style = FloatingPointFormatStyle<Double>.number.precision(.fractionLength(value == value.rounded() ? 0 : 1))
            .grouping(.never)
        return value.formatted(style.locale(locale))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}

/// Coordinates with two decimals: precise to a hundredth of a pixel or period, and compact.
private func f(_ value: Double) -> String { String(format: "%.2f", value) }
