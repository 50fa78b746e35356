import Foundation
import PeachCore

/// The confusion matrix as a heat map: a row per item played, a column per item named, each cell
/// as dark as the share of that row's answers it holds, the diagonal (right answers) outlined.
/// Names wider than a column (a progression's "I–V–vi–IV") stand upright above it, with room made
/// above and beside the cells for the longest. Hidden from screen readers: the page gives the same
/// counts as a table.
public enum ConfusionChart {
    static let cell = 36.0
    /// Room for the row labels and, above them, the caption of the rows.
    static let margin = 80.0
    /// About how wide a character of a label is, in its 13 px type.
    static let characterWidth = 7.5

    public static func svg(_ matrix: ConfusionMatrix, locale: Locale = Locale(identifier: "en")) -> String {
        let german = locale.language.languageCode == .german
        let title = german ? "Was du für jede gespielte Stufe genannt hast" : "What you named for each degree played"
        let (playedLabel, namedLabel) = german ? ("gespielt", "genannt") : ("played", "named")
        let longest = Double(matrix.items.map(\.count).max() ?? 0) * characterWidth
        let upright = longest > cell - 6
        let top = upright ? max(margin, longest + 44) : margin
        let left = max(margin, longest + 14)
        let size = Double(matrix.items.count) * cell
        let width = left + size + 4
        let height = top + size + 4
        var out =
            #"<svg xmlns="http://www.w3.org/2000/svg" class="confusion" viewBox="0 0 \#(f(width)) \#(f(height))" width="\#(f(width))" height="\#(f(height))" aria-hidden="true">"#
        out += "<title>\(ThresholdChart.escaped(title))</title>"
        out +=
            "<style>.confusion text { font: 13px system-ui, sans-serif; fill: var(--chart-label, #6e6e73); } .confusion .count { font-weight: 600; fill: var(--fg, #1c1c1e); } .confusion .strong { fill: var(--accent-fg, #fff); } .confusion rect.cell { fill: var(--chart-line, #b3431f); } .confusion rect.frame { fill: none; stroke: var(--chart-grid, #c7c7cc); } .confusion rect.right { fill: none; stroke: var(--chart-dot, #48484a); stroke-width: 2; }</style>"
        out += #"<text x="\#(f(left))" y="\#(f(upright ? 16 : top - 32))">\#(namedLabel) →</text>"#
        out += #"<text x="4" y="\#(f(top - 10))">\#(playedLabel) ↓</text>"#
        let played = matrix.played
        for (column, item) in matrix.items.enumerated() {
            let centre = left + (Double(column) + 0.5) * cell
            out +=
                upright
                ? #"<text transform="translate(\#(f(centre + 5)) \#(f(top - 8))) rotate(-90)">\#(ThresholdChart.escaped(item))</text>"#
                : #"<text x="\#(f(centre))" y="\#(f(top - 10))" text-anchor="middle">\#(ThresholdChart.escaped(item))</text>"#
        }
        for (row, item) in matrix.items.enumerated() {
            let y = top + Double(row) * cell
            out +=
                #"<text x="\#(f(left - 10))" y="\#(f(y + cell / 2 + 5))" text-anchor="end">\#(ThresholdChart.escaped(item))</text>"#
            for column in matrix.items.indices {
                let x = left + Double(column) * cell
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
                #"<rect class="right" x="\#(f(left + Double(row) * cell + 1))" y="\#(f(y + 1))" width="\#(f(cell - 2))" height="\#(f(cell - 2))"/>"#
        }
        return out + "</svg>\n"
    }
}

private func f(_ value: Double) -> String { String(format: "%.1f", value) }
