import Foundation
import PeachCore

/// The confusion matrix as a heat map: a row per item played, a column per item named, each cell
/// as dark as the share of that row's answers it holds, the diagonal (right answers) outlined.
/// Hidden from screen readers: the page gives the same counts as a table.
public enum ConfusionChart {
    static let cell = 36.0
    /// Room for the row labels and, above them, the caption of the rows.
    static let margin = 80.0

    public static func svg(_ matrix: ConfusionMatrix, locale: Locale = Locale(identifier: "en")) -> String {
        let german = locale.language.languageCode == .german
        let title = german ? "Was du für jede gespielte Stufe genannt hast" : "What you named for each degree played"
        let (playedLabel, namedLabel) = german ? ("gespielt", "genannt") : ("played", "named")
        let size = Double(matrix.items.count) * cell
        let width = margin + size + 4
        let height = margin + size + 4
        var out =
            #"<svg xmlns="http://www.w3.org/2000/svg" class="confusion" viewBox="0 0 \#(f(width)) \#(f(height))" width="\#(f(width))" height="\#(f(height))" aria-hidden="true">"#
        out += "<title>\(ThresholdChart.escaped(title))</title>"
        out +=
            "<style>.confusion text { font: 13px system-ui, sans-serif; fill: var(--chart-label, #6e6e73); } .confusion .count { font-weight: 600; fill: var(--fg, #1c1c1e); } .confusion .strong { fill: var(--accent-fg, #fff); } .confusion rect.cell { fill: var(--chart-line, #b3431f); } .confusion rect.frame { fill: none; stroke: var(--chart-grid, #c7c7cc); } .confusion rect.right { fill: none; stroke: var(--chart-dot, #48484a); stroke-width: 2; }</style>"
        out += #"<text x="\#(f(margin))" y="\#(f(margin - 32))">\#(namedLabel) →</text>"#
        out += #"<text x="4" y="\#(f(margin - 10))">\#(playedLabel) ↓</text>"#
        let played = matrix.played
        for (column, item) in matrix.items.enumerated() {
            out +=
                #"<text x="\#(f(margin + (Double(column) + 0.5) * cell))" y="\#(f(margin - 10))" text-anchor="middle">\#(ThresholdChart.escaped(item))</text>"#
        }
        for (row, item) in matrix.items.enumerated() {
            let y = margin + Double(row) * cell
            out +=
                #"<text x="\#(f(margin - 10))" y="\#(f(y + cell / 2 + 5))" text-anchor="end">\#(ThresholdChart.escaped(item))</text>"#
            for column in matrix.items.indices {
                let x = margin + Double(column) * cell
                let count = matrix.counts[row][column]
                out += #"<rect class="frame" x="\#(f(x))" y="\#(f(y))" width="\#(f(cell))" height="\#(f(cell))"/>"#
                guard count > 0 else { continue }
                let share = Double(count) / Double(played[row])
                out +=
                    #"<rect class="cell" data-row="\#(row)" data-column="\#(column)" x="\#(f(x + 1))" y="\#(f(y + 1))" width="\#(f(cell - 2))" height="\#(f(cell - 2))" fill-opacity="\#(f(0.12 + 0.88 * share))"/>"#
                out +=
                    #"<text class="count\#(share > 0.5 ? " strong" : "")" x="\#(f(x + cell / 2))" y="\#(f(y + cell / 2 + 5))" text-anchor="middle">\#(count)</text>"#
            }
            out +=
                #"<rect class="right" x="\#(f(margin + Double(row) * cell + 1))" y="\#(f(y + 1))" width="\#(f(cell - 2))" height="\#(f(cell - 2))"/>"#
        }
        return out + "</svg>\n"
    }
}

private func f(_ value: Double) -> String { String(format: "%.1f", value) }
