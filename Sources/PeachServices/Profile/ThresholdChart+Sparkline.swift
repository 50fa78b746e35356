import Foundation
import PeachCore

/// The sparklines: one series per day, no axes, labels or dots. Each says in its `<title>`, in the
/// page's language, what it traces and which way is better (`Sparkline.caption`, the kind's words).
extension ThresholdChart {
    public static func sparkline(_ line: Sparkline, locale: Locale = Locale(identifier: "en")) -> String {
        let caption = locale.language.languageCode == .german ? line.caption.german : line.caption.english
        // A series of years of days is drawn as the mean of each run of days: the same line at the
        // sparkline's resolution.
        let values = Sparkline.runs(of: line.values.count).map { run in line.values[run].reduce(0, +) / Double(run.count) }
        return sparkline(values, hasData: line.hasData, caption: caption)
    }

    /// Without two values, a quiet dashed baseline that looks meant, not broken. Hidden from screen
    /// readers: the page describes each one in words; the title is the pointer's tooltip.
    private static func sparkline(_ values: [Double], hasData: Bool, caption: String) -> String {
        let width = 300.0, height = 60.0, inset = 4.0
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" class="sparkline" viewBox="0 0 300 60" preserveAspectRatio="none" aria-hidden="true">"#
        out += "<title>\(escaped(caption))</title>"
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
}

private func f(_ value: Double) -> String { String(format: "%.2f", value) }
