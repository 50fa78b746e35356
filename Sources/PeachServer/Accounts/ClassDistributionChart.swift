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
    /// In CSS pixels, as wide as the page shows it (`?width=`), so that its text stays readable on a phone.
    var width = 640.0

    static let widths = 280...4000
    /// Tick labels closer than this would overlap: a narrow chart labels every other one or fewer.
    static let tickSpacing = 44.0
    static let rowHeight = 22.0
    /// `right` leaves room for half the last tick label.
    static let left = 120.0, right = 24.0, top = 28.0, bottom = 40.0
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
            <svg xmlns="http://www.w3.org/2000/svg" class="class-distribution" viewBox="0 0 \(Int(width)) \(Int(height))" width="\(Int(width))" height="\(Int(height))" role="img" aria-label="\(Self.escaped(summary))">
            <title>\(Self.escaped(summary))</title>
            <style>.class-distribution text { font: 12px system-ui, sans-serif; fill: var(--chart-label, #5a5a5f); } .class-distribution .name { fill: var(--fg, #1c1c1e); } .class-distribution .grid { stroke: var(--chart-grid, #d8d8dc); } .class-distribution .band { stroke: var(--chart-line, #b3431f); stroke-opacity: 0.35; stroke-width: 4; stroke-linecap: round; } .class-distribution circle { fill: var(--chart-line, #b3431f); }</style>

            """
        let bottomY = Self.top + plotHeight
        for tick in ticks {
            let x = x(tick)
            out += #"<line class="grid" x1="\#(f(x))" y1="\#(f(Self.top - 6))" x2="\#(f(x))" y2="\#(f(bottomY))"/>"#
            out += #"<text x="\#(f(x))" y="\#(f(bottomY + 16))" text-anchor="middle">\#(Self.cents(tick))</text>"#
        }
        out += #"<text x="8" y="16">\#(german ? "Schwelle (Cent, 95-%-Intervall)" : "Threshold (cents, 95 % interval)")</text>"#
        for (row, student) in placed.enumerated() {
            let estimate = student.threshold!
            let y = Self.top + (Double(row) + 0.5) * Self.rowHeight
            out += #"<text class="name" x="\#(f(Self.left - 8))" y="\#(f(y + 4))" text-anchor="end">\#(Self.escaped(student.account.name.rawValue))</text>"#
            out += #"<line class="band" x1="\#(f(x(estimate.lower.rawValue)))" y1="\#(f(y))" x2="\#(f(x(estimate.upper.rawValue)))" y2="\#(f(y))"/>"#
            out += #"<circle cx="\#(f(x(estimate.threshold.rawValue)))" cy="\#(f(y))" r="5"><title>\#(Self.escaped(student.account.name.rawValue)): \#(Self.cents(estimate.threshold.rawValue))</title></circle>"#
        }
        if !unplaced.isEmpty {
            let names = unplaced.map(\.account.name.rawValue).joined(separator: ", ")
            out += #"<text x="8" y="\#(f(bottomY + 36))">\#(german ? "Noch zu wenige Daten" : "Not enough data yet"): \#(Self.escaped(names))</text>"#
        }
        return out + "</svg>\n"
    }

    func x(_ cents: Double) -> Double {
        let clamped = min(max(cents, Self.range.low), Self.range.high)
        return Self.left + (width - Self.left - Self.right) * log(clamped / Self.range.low) / log(Self.range.high / Self.range.low)
    }

    /// The axis's ticks, as many as fit without their labels touching.
    var ticks: [Double] {
        [0.5, 1, 2, 5, 10, 20, 50, 100, 200].reduce(into: []) { kept, tick in
            if kept.last.map({ x(tick) - x($0) >= Self.tickSpacing }) ?? true { kept.append(tick) }
        }
    }

    static func cents(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f ¢", value) : String(format: "%.0f ¢", value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
