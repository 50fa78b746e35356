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
    /// The periods the plot shows, in period units from the first period's start (what the
    /// browser's view was when it asked); nothing: the most recent `initiallyVisiblePeriods`.
    var view: ClosedRange<Double>? = nil

    private let left = 48.0, right = 12.0, bottom = 28.0
    /// The legend's second entry goes below the first when the two do not fit side by side (a
    /// phone held upright).
    private var legendWraps: Bool {
        left + 34 + Double(text(.threshold).count + text(.played).count) * 6 + 24 > size.width - right
    }
    private var top: Double { legendWraps ? 46 : 28 }

    func svg() -> String {
        let aggregates = timeline.aggregates
        let plotWidth = size.width - left - right, plotHeight = size.height - top - bottom
        let origin = aggregates.first?.start ?? Date(timeIntervalSince1970: 0)
        let allXs = aggregates.map { $0.start.timeIntervalSince(origin) / timeline.period.nominalSeconds + 0.5 }
        let domain = 0.0...((allXs.last ?? 0) + 0.5)
        let visibleWidth = min(view.map { $0.upperBound - $0.lowerBound } ?? Double(Self.initiallyVisiblePeriods), domain.upperBound)
        let visibleStart = min(max(view?.lowerBound ?? domain.upperBound, domain.lowerBound), domain.upperBound - visibleWidth)
        // Only what the view can reach by moving one screen either way is drawn, so that a long
        // history costs no more than a short one; the browser asks again when the view goes further.
        let rendered = max(domain.lowerBound, visibleStart - visibleWidth)...min(domain.upperBound, visibleStart + 2 * visibleWidth)
        // One period beyond each end keeps the lines running off the edge.
        let first = max(0, (allXs.firstIndex { $0 >= rendered.lowerBound } ?? allXs.count) - 1)
        let end = min(allXs.count, (allXs.lastIndex { $0 <= rendered.upperBound } ?? -1) + 2)
        let points = first < end ? timeline.points(in: first..<end) : []
        let xs = first < end ? Array(allXs[first..<end]) : []

        // The scale follows the thresholds and the differences played; an interval reaching far
        // above them is cut at the top edge rather than flattening everything else.
        let thresholds = points.compactMap(\.fit?.threshold.rawValue)
        let closedUppers = points.compactMap { $0.fit.flatMap { $0.upperIsOpen ? nil : $0.upper.rawValue } }
        let highest = max(
            points.map(\.aggregate.meanThreshold.rawValue).max() ?? 1,
            min(closedUppers.max() ?? 0, 1.6 * (thresholds.max() ?? 0)))
        let (yMax, yStep) = Self.niceScale(highest)
        let y = { (cents: Double) in max(0, plotHeight - cents / yMax * plotHeight) }

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" class="threshold-chart" viewBox="0 0 \(f(size.width)) \(f(size.height))" \
        width="\(f(size.width))" height="\(f(size.height))" data-period="\(timeline.period.rawValue)" \
        data-plot-left="\(f(left))" data-plot-width="\(f(plotWidth))" data-domain-start="\(f(domain.lowerBound))" \
        data-domain-end="\(f(domain.upperBound))" data-rendered-start="\(f(rendered.lowerBound))" \
        data-rendered-end="\(f(rendered.upperBound))" data-label-gap="\(f(Self.labelGap))">
        <style>
        .threshold-chart .chart-background { fill: var(--chart-background, #ffffff); }
        .threshold-chart text { font: 11px system-ui, sans-serif; fill: var(--chart-label, #5a5a5f); }
        .threshold-chart .grid { stroke: var(--chart-grid, #d8d8dc); stroke-width: 1; }
        .threshold-chart .band { fill: var(--chart-band, rgba(179, 67, 31, 0.18)); stroke: none; }
        .threshold-chart .open { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 1.5; stroke-dasharray: 3 3; opacity: 0.6; }
        .threshold-chart .threshold { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 2; stroke-linejoin: round; }
        .threshold-chart .played { fill: none; stroke: var(--chart-dot, #48484a); stroke-width: 1.5; stroke-dasharray: 5 4; stroke-linejoin: round; opacity: 0.75; }
        .threshold-chart .dot { stroke: var(--chart-line, #b3431f); stroke-width: 8; stroke-linecap: round; }
        .threshold-chart .dot.selected { stroke: var(--chart-dot, #48484a); stroke-width: 12; }
        .threshold-chart .legend-threshold { stroke: var(--chart-line, #b3431f); stroke-width: 2; }
        .threshold-chart .legend-played { stroke: var(--chart-dot, #48484a); stroke-width: 1.5; stroke-dasharray: 5 4; }
        </style>
        <rect class="chart-background" x="0" y="0" width="\(f(size.width))" height="\(f(size.height))"/>
        <svg class="legend" x="0" y="0" width="\(f(size.width))" height="\(f(top))" overflow="visible">
        <line class="legend-threshold" x1="\(f(left))" x2="\(f(left + 18))" y1="10" y2="10"/>\
        <text class="legend-label" x="\(f(left + 24))" y="14">\(Self.escaped(text(.threshold)))</text>
        """
        let playedX = legendWraps ? left : left + 34 + Double(text(.threshold).count) * 6
        let playedY = legendWraps ? 28.0 : 10
        out += #"<line class="legend-played" x1="\#(f(playedX))" x2="\#(f(playedX + 18))" y1="\#(f(playedY))" y2="\#(f(playedY))"/>"#
        out += #"<text class="legend-label" x="\#(f(playedX + 24))" y="\#(f(playedY + 4))">\#(Self.escaped(text(.played)))</text>"#
        // The legend, like the date labels, is localized by this renderer (the CLI writes it too).
        out += "</svg>\n<g class=\"y-axis\">"
        for tick in stride(from: 0, through: yMax + yStep / 2, by: yStep) {
            let position = top + y(tick)
            out += #"<line class="grid" x1="\#(f(left))" x2="\#(f(size.width - right))" y1="\#(f(position))" y2="\#(f(position))"/>"#
            out += #"<text x="\#(f(left - 6))" y="\#(f(position + 4))" text-anchor="end">\#(Self.number(tick)) ¢</text>"#
        }
        out += "</g>\n"

        out += #"<svg class="plot" x="\#(f(left))" y="\#(f(top))" width="\#(f(plotWidth))" height="\#(f(plotHeight))" viewBox="\#(f(visibleStart)) 0 \#(f(visibleWidth)) \#(f(plotHeight))" preserveAspectRatio="none">"#
        if !points.isEmpty {
            let fitted = zip(xs, points).compactMap { x, point in point.fit.map { (x: x, fit: $0) } }
            // The band and the line break where a period cannot be placed.
            var runs: [[(x: Double, fit: ThresholdEstimate)]] = []
            for (index, point) in points.enumerated() {
                guard let fit = point.fit else { runs.append([]); continue }
                if runs.isEmpty { runs.append([]) }
                runs[runs.count - 1].append((xs[index], fit))
            }
            for run in runs where !run.isEmpty {
                // A lone period gets a band and a line of its own width.
                let spread = run.count == 1 ? [(run[0].x - 0.3, run[0].fit), (run[0].x + 0.3, run[0].fit)] : run.map { ($0.x, $0.fit) }
                let upper = spread.map { "\(f($0.0)),\(f(y($0.1.upperIsOpen ? yMax : $0.1.upper.rawValue)))" }
                let lower = spread.reversed().map { "\(f($0.0)),\(f(y($0.1.lower.rawValue)))" }
                out += #"<path class="band" d="M\#((upper + lower).joined(separator: " L"))Z"/>"#
                out += #"<path class="threshold" d="M\#(spread.map { "\(f($0.0)),\(f(y($0.1.threshold.rawValue)))" }.joined(separator: " L"))" vector-effect="non-scaling-stroke"/>"#
            }
            for (x, fit) in fitted where fit.upperIsOpen {
                out += #"<path class="open" d="M\#(f(x)),\#(f(y(fit.lower.rawValue))) V0" vector-effect="non-scaling-stroke"/>"#
            }
            let played = zip(xs, points).map { "\(f($0)),\(f(y($1.aggregate.meanThreshold.rawValue)))" }
            let playedPath = played.count == 1
                ? "M\(f(xs[0] - 0.3)),\(f(y(points[0].aggregate.meanThreshold.rawValue))) h0.6" : "M" + played.joined(separator: " L")
            out += #"<path class="played" d="\#(playedPath)" vector-effect="non-scaling-stroke"/>"#
            out += #"<g class="dots">"#
            for (offset, (x, point)) in zip(xs, points).enumerated() {
                guard let fit = point.fit else { continue }
                let index = first + offset
                let at = "M\(f(x)),\(f(y(fit.threshold.rawValue))) h0"
                out += #"<path class="dot" data-index="\#(index)" data-x="\#(f(x))" d="\#(at)" vector-effect="non-scaling-stroke"/>"#
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

    private enum Text { case threshold, played }

    private func text(_ key: Text) -> String {
        let german = locale.language.languageCode == .german
        return switch key {
        case .threshold: german ? "Schwelle (75 % richtig, 95-%-Intervall)" : "Threshold (75 % correct, 95 % interval)"
        case .played: german ? "Gespielter Unterschied (Mittel)" : "Mean difference played"
        }
    }

    /// The fitted threshold per day alone: no axes, no labels, no dots (seed story 9.2, AC 6).
    static func sparkline(_ timeline: ThresholdTimeline) -> String {
        sparkline(timeline.points.compactMap(\.fit?.threshold.rawValue), hasData: !timeline.isEmpty)
    }

    /// A matching discipline's mean absolute error per day, drawn the same way.
    static func sparkline(_ matching: PitchMatchingStatistics) -> String {
        sparkline(matching.days.map(\.meanAbsoluteError.rawValue), hasData: matching.count > 0)
    }

    /// Compare Timing's fitted threshold per day (percent of a sixteenth): days it cannot place
    /// are left out, as in the pitch sparkline.
    static func sparkline(_ days: [RhythmDay<RhythmProfile.Timing>]) -> String {
        sparkline(days.compactMap(\.stats.thresholdPercent), hasData: !days.isEmpty)
    }

    /// Fill the Gap's mean offset per day (early below, late above).
    static func sparkline(_ days: [RhythmDay<RhythmProfile.Tapping>]) -> String {
        sparkline(days.compactMap(\.stats.meanOffsetMs), hasData: !days.isEmpty)
    }

    /// Without two values, a quiet dashed baseline that looks meant, not broken.
    private static func sparkline(_ values: [Double], hasData: Bool) -> String {
        let width = 300.0, height = 60.0, inset = 4.0
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" class="sparkline" viewBox="0 0 300 60" preserveAspectRatio="none" aria-hidden="true">"#
        out += "<style>.sparkline path { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; } .sparkline path.empty { stroke: var(--chart-grid, #c7c7cc); stroke-dasharray: 4 6; }</style>"
        if values.count < 2 {
            out += #"<path class="\#(hasData ? "trace" : "empty")" d="M\#(inset),\#(height / 2) L\#(width - inset),\#(height / 2)" vector-effect="non-scaling-stroke"/>"#
        } else {
            let low = values.min()!, high = values.max()!
            let span = max(high - low, 1e-9)
            let points = values.enumerated().map { index, value in
                let x = inset + (width - 2 * inset) * Double(index) / Double(values.count - 1)
                let y = high == low ? height / 2 : inset + (height - 2 * inset) * (high - value) / span
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
