import Foundation
import PeachCore

/// The class at a glance: each student's fitted threshold as a dot with its 95 % interval, finest
/// ears at the top, on a logarithmic cents axis (10 ¢ to 20 ¢ is as far as 1 ¢ to 2 ¢). Students
/// without enough data are listed below the axis.
struct ClassDistributionChart {
    let classroom: Classroom
    let students: [StudentSummary]
    /// Its words in German (`?lang=de`), as the Profile's chart has them; English otherwise.
    var german = false

    static let width = 640.0
    static let rowHeight = 22.0
    static let left = 120.0, right = 16.0, top = 28.0, bottom = 40.0
    /// 0.5 ¢ to 200 ¢: from the best trained ears to beginners.
    static let range = (low: 0.5, high: 200.0)

    var svg: String {
        let placed = students.filter { $0.threshold != nil }.sorted { $0.threshold!.threshold.rawValue < $1.threshold!.threshold.rawValue }
        let unplaced = students.filter { $0.threshold == nil }
        let plotHeight = Double(max(placed.count, 1)) * Self.rowHeight
        let height = Self.top + plotHeight + Self.bottom + (unplaced.isEmpty ? 0 : 20)
        let summary = (german
            ? "Schwellen von \(placed.count) der \(students.count) Schüler:innen in \(classroom.name)"
            : "Thresholds of \(placed.count) of \(students.count) students in \(classroom.name)")
            + (placed.isEmpty ? "" : (german ? ", von " : ", from ") + Self.cents(placed.first!.threshold!.threshold.rawValue)
                + (german ? " bis " : " to ") + Self.cents(placed.last!.threshold!.threshold.rawValue))
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" class="class-distribution" viewBox="0 0 \(Int(Self.width)) \(Int(height))" role="img" aria-label="\(Self.escaped(summary))">
            <title>\(Self.escaped(summary))</title>
            <style>.class-distribution text { font: 12px system-ui, sans-serif; fill: var(--text, #1c1c1e); } .class-distribution .grid { stroke: var(--chart-grid, #c7c7cc); } .class-distribution .band { stroke: var(--chart-band, #e8a48c); stroke-width: 4; stroke-linecap: round; } .class-distribution circle { fill: var(--chart-line, #b3431f); }</style>

            """
        let bottomY = Self.top + plotHeight
        for tick in [0.5, 1, 2, 5, 10, 20, 50, 100, 200] {
            let x = Self.x(tick)
            out += #"<line class="grid" x1="\#(f(x))" y1="\#(f(Self.top - 6))" x2="\#(f(x))" y2="\#(f(bottomY))"/>"#
            out += #"<text x="\#(f(x))" y="\#(f(bottomY + 16))" text-anchor="middle">\#(Self.cents(tick))</text>"#
        }
        out += #"<text x="\#(f(Self.left))" y="16">\#(german ? "Schwelle (Cent, 95-%-Intervall)" : "Threshold (cents, 95 % interval)")</text>"#
        for (row, student) in placed.enumerated() {
            let estimate = student.threshold!
            let y = Self.top + (Double(row) + 0.5) * Self.rowHeight
            out += #"<text x="\#(f(Self.left - 8))" y="\#(f(y + 4))" text-anchor="end">\#(Self.escaped(student.account.name.rawValue))</text>"#
            out += #"<line class="band" x1="\#(f(Self.x(estimate.lower.rawValue)))" y1="\#(f(y))" x2="\#(f(Self.x(estimate.upper.rawValue)))" y2="\#(f(y))"/>"#
            out += #"<circle cx="\#(f(Self.x(estimate.threshold.rawValue)))" cy="\#(f(y))" r="5"><title>\#(Self.escaped(student.account.name.rawValue)): \#(Self.cents(estimate.threshold.rawValue))</title></circle>"#
        }
        if !unplaced.isEmpty {
            let names = unplaced.map(\.account.name.rawValue).joined(separator: ", ")
            out += #"<text x="8" y="\#(f(bottomY + 36))">\#(german ? "Noch zu wenige Daten" : "Not enough data yet"): \#(Self.escaped(names))</text>"#
        }
        return out + "</svg>\n"
    }

    static func x(_ cents: Double) -> Double {
        let clamped = min(max(cents, range.low), range.high)
        return left + (width - left - right) * log(clamped / range.low) / log(range.high / range.low)
    }

    static func cents(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f ¢", value) : String(format: "%.0f ¢", value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
