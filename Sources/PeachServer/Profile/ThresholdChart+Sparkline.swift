import Foundation
import PeachCore

/// The sparklines: one series per day, no axes, labels or dots (seed story 9.2, AC 6). Each says in
/// its `<title>`, in the page's language, what it traces and which way is better, since a line
/// alone does not tell whether rising is good news.
extension ThresholdChart {
    /// What a sparkline traces, and so which way is better.
    enum Series {
        case threshold, matchingError, timingThreshold, tappingOffset

        func caption(german: Bool) -> String {
            switch self {
            case .threshold: german ? "Geschätzte Schwelle pro Tag: niedriger ist besser" : "Fitted threshold per day: lower is better"
            case .matchingError: german ? "Mittlerer Fehler pro Tag: niedriger ist besser" : "Mean error per day: lower is better"
            case .timingThreshold: german ? "Timing-Schwelle pro Tag: niedriger ist besser" : "Timing threshold per day: lower is better"
            case .tappingOffset:
                german ? "Mittlere Abweichung pro Tag: näher an 0 ms ist besser" : "Mean offset per day: closer to 0 ms is better"
            }
        }
    }

    /// The fitted threshold per day; days it cannot place are left out.
    static func sparkline(_ timeline: ThresholdTimeline, locale: Locale = Locale(identifier: "en")) -> String {
        sparkline(timeline.points.compactMap(\.fit?.threshold.rawValue), hasData: !timeline.isEmpty, series: .threshold, locale: locale)
    }

    /// A matching discipline's mean absolute error per day, drawn the same way.
    static func sparkline(_ matching: PitchMatchingStatistics, locale: Locale = Locale(identifier: "en")) -> String {
        sparkline(matching.days.map(\.meanAbsoluteError.rawValue), hasData: matching.count > 0, series: .matchingError, locale: locale)
    }

    /// Compare Timing's fitted threshold per day (percent of a sixteenth): days it cannot place
    /// are left out, as in the pitch sparkline.
    static func sparkline(_ days: [RhythmDay<RhythmProfile.Timing>], locale: Locale = Locale(identifier: "en")) -> String {
        sparkline(days.compactMap(\.stats.thresholdPercent), hasData: !days.isEmpty, series: .timingThreshold, locale: locale)
    }

    /// Fill the Gap's mean offset per day (early below, late above).
    static func sparkline(_ days: [RhythmDay<RhythmProfile.Tapping>], locale: Locale = Locale(identifier: "en")) -> String {
        sparkline(days.compactMap(\.stats.meanOffsetMs), hasData: !days.isEmpty, series: .tappingOffset, locale: locale)
    }

    /// Without two values, a quiet dashed baseline that looks meant, not broken. Hidden from screen
    /// readers: the page describes each one in words; the title is the pointer's tooltip.
    private static func sparkline(_ values: [Double], hasData: Bool, series: Series, locale: Locale) -> String {
        let width = 300.0, height = 60.0, inset = 4.0
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" class="sparkline" viewBox="0 0 300 60" preserveAspectRatio="none" aria-hidden="true">"#
        out += "<title>\(escaped(series.caption(german: locale.language.languageCode == .german)))</title>"
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
