import Foundation
import PeachCore

/// The sparklines: one series per day, no axes, labels or dots; only a measurement is marked, as a
/// square on its 95 % interval. Each says in its `<title>`, in the page's language, what it traces
/// and which way is better (`Sparkline.caption`, the kind's words).
extension ThresholdChart {
    public static func sparkline(_ line: Sparkline, locale: Locale = Locale(identifier: "en")) -> String {
        let german = locale.language.languageCode == .german
        var caption = german ? line.caption.german : line.caption.english
        if !line.marks.isEmpty {
            caption +=
                german
                ? "; Quadrate: gemessene Schwellen" : "; squares: measured thresholds"
        }
        // A series of years of days is drawn as the mean of each run of days: the same line at the
        // sparkline's resolution; a mark goes to the run its day is in.
        let runs = Sparkline.runs(of: line.values.count)
        let values = runs.map { run in line.values[run].reduce(0, +) / Double(run.count) }
        let marks = line.marks.map { mark in
            (run: runs.firstIndex { $0.contains(mark.index) } ?? max(runs.count - 1, 0), estimate: mark.estimate)
        }
        return sparkline(values, marks: marks, hasData: line.hasData, caption: caption)
    }

    /// Without two values, a quiet dashed baseline that looks meant, not broken. Hidden from screen
    /// readers: the page describes each one in words; the title is the pointer's tooltip.
    private static func sparkline(
        _ values: [Double], marks: [(run: Int, estimate: ThresholdEstimate)], hasData: Bool, caption: String
    ) -> String {
        let width = 300.0
        let height = 60.0
        let inset = 4.0
        var out =
            #"<svg xmlns="http://www.w3.org/2000/svg" class="sparkline" viewBox="0 0 300 60" preserveAspectRatio="none" aria-hidden="true">"#
        out += "<title>\(escaped(caption))</title>"
        out +=
            "<style>.sparkline path { fill: none; stroke: var(--chart-line, #b3431f); stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; } .sparkline path.empty { stroke: var(--chart-grid, #c7c7cc); stroke-dasharray: 4 6; }"
        if !marks.isEmpty {
            out +=
                " .sparkline path.measured { stroke: var(--chart-dot, #48484a); stroke-width: 7; stroke-linecap: square; } .sparkline path.measured-interval { stroke: var(--chart-dot, #48484a); stroke-width: 1.5; stroke-linecap: butt; }"
        }
        out += "</style>"
        // One scale for the line and the marks with their intervals (an open one reaches the top):
        // a measurement is shown with its whole uncertainty, beside the days' values.
        let levels =
            values
            + marks.flatMap { mark in
                [mark.estimate.threshold, mark.estimate.lower]
                    + (mark.estimate.upperIsOpen ? [] : [mark.estimate.upper])
            }.map(\.rawValue)
        let low = levels.min() ?? 0
        let high = levels.max() ?? 0
        let y = { (value: Double) in
            high == low ? height / 2 : min(max(inset + (height - 2 * inset) * (high - value) / (high - low), 0), height)
        }
        let x = { (index: Int) in
            values.count < 2 ? width - inset : inset + (width - 2 * inset) * Double(index) / Double(values.count - 1)
        }
        if values.count < 2 {
            // A single day's value, level with the marks beside it; nothing yet, halfway up.
            let level = values.first.map(y) ?? height / 2
            out +=
                #"<path class="\#(hasData ? "trace" : "empty")" d="M\#(inset),\#(f(level)) L\#(width - inset),\#(f(level))" vector-effect="non-scaling-stroke"/>"#
        } else {
            let points = values.enumerated().map { index, value in "\(f(x(index))),\(f(y(value)))" }
            out += #"<path class="trace" d="M\#(points.joined(separator: " L"))" vector-effect="non-scaling-stroke"/>"#
        }
        for (run, estimate) in marks {
            let upper = estimate.upperIsOpen ? 0 : y(estimate.upper.rawValue)
            out +=
                #"<path class="measured-interval" d="M\#(f(x(run))),\#(f(y(estimate.lower.rawValue))) V\#(f(upper))" vector-effect="non-scaling-stroke"/>"#
            out +=
                #"<path class="measured" d="M\#(f(x(run))),\#(f(y(estimate.threshold.rawValue))) h0" data-threshold="\#(f(estimate.threshold.rawValue))" vector-effect="non-scaling-stroke"/>"#
        }
        return out + "</svg>\n"
    }
}

private func f(_ value: Double) -> String { String(format: "%.2f", value) }
