import Foundation
import PeachCore

/// The class at a glance: each student's fitted threshold as a dot with its 95 % interval, finest
/// ears at the top, on a logarithmic cents axis (10 ¢ to 20 ¢ is as far as 1 ¢ to 2 ¢). Students
/// without enough data are listed below the axis, and those whose figures are still being prepared
/// counted there.
public struct ClassDistributionChart {
    let classroom: Classroom
    let students: [StudentSummary]
    /// Its words and numbers in German (`?lang=de`: "0,5 ¢"), as the Profile's chart has them; English otherwise.
    let german: Bool
    /// In CSS pixels, as wide as the page shows it (`?width=`), so that its text stays readable on a phone.
    let width: Double
    /// Where the plot starts: after the longest name, unless that would squeeze the plot below
    /// `minimumPlotWidth`; longer names are then shortened (`label(_:)`).
    let left: Double

    public init(classroom: Classroom, students: [StudentSummary], german: Bool = false, width: Double = 640) {
        self.classroom = classroom
        self.students = students
        self.german = german
        self.width = width
        let longest = students.map(\.account.name.rawValue.count).max() ?? 0
        let wanted = 2 * Self.margin + Double(longest) * Self.characterWidth
        left = max(2 * Self.margin, min(wanted, width - Self.right - Self.minimumPlotWidth))
    }

    public static let widths = 280...4000
    /// Tick labels closer than this would overlap: a narrow chart labels every other one or fewer.
    static let tickSpacing = 44.0
    static let rowHeight = 22.0
    static let lineHeight = 18.0
    /// `right` leaves room for half the last tick label.
    static let right = 24.0, top = 28.0, bottom = 40.0, margin = 8.0
    /// What the names may never take from the plot: room for four labelled ticks.
    static let minimumPlotWidth = 160.0
    /// A character of 12 px system-ui measured generously (a–z, digits and ".-_" are 3–7 px wide),
    /// so that a name sized by it is never cut by the plot.
    static let characterWidth = 7.5
    /// 0.5 ¢ to 200 ¢: from the best trained ears to beginners.
    static let range = (low: 0.5, high: 200.0)

    public var svg: String {
        // A row being prepared may hold its student's last figures: the chart waits for current ones.
        let placed = students.filter(\.isPrepared)
            .compactMap { student in
                student.figures?.threshold.map { (name: student.account.name.rawValue, estimate: $0) }
            }
            .sorted { $0.estimate.threshold.rawValue < $1.estimate.threshold.rawValue }
        let unplaced = unplacedLines(
            students.filter { $0.isPrepared && $0.figures?.threshold == nil }.map(\.account.name.rawValue))
        let preparing = preparingLine
        let plotHeight = Double(max(placed.count, 1)) * Self.rowHeight
        let notes = unplaced.count + (preparing == nil ? 0 : 1)
        let height =
            Self.top + plotHeight + Self.bottom + Double(max(notes - 1, 0)) * Self.lineHeight + (notes == 0 ? 0 : 20)
        let summary =
            (german
                ? "Schwellen von \(placed.count) der \(students.count) Schüler:innen in \(classroom.name)"
                : "Thresholds of \(placed.count) of \(students.count) students in \(classroom.name)")
            + (placed.isEmpty
                ? ""
                : (german ? ", von " : ", from ") + cents(placed.first!.estimate.threshold.rawValue)
                    + (german ? " bis " : " to ") + cents(placed.last!.estimate.threshold.rawValue))
            + (preparing.map { ". " + $0 } ?? "")
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" class="class-distribution" viewBox="0 0 \(Int(width)) \(Int(height))" width="\(Int(width))" height="\(Int(height))" role="img" aria-label="\(Self.escaped(summary))">
            <title>\(Self.escaped(summary))</title>
            <style>.class-distribution text { font: 12px system-ui, sans-serif; fill: var(--chart-label, #5a5a5f); } .class-distribution .name { fill: var(--fg, #1c1c1e); } .class-distribution .grid { stroke: var(--chart-grid, #d8d8dc); } .class-distribution .band { stroke: var(--chart-line, #b3431f); stroke-opacity: 0.35; stroke-width: 4; stroke-linecap: round; } .class-distribution circle { fill: var(--chart-line, #b3431f); }</style>

            """
        let bottomY = Self.top + plotHeight
        for tick in ticks {
            let x = x(tick)
            out += #"<line class="grid" x1="\#(f(x))" y1="\#(f(Self.top - 6))" x2="\#(f(x))" y2="\#(f(bottomY))"/>"#
            out += #"<text x="\#(f(x))" y="\#(f(bottomY + 16))" text-anchor="middle">\#(cents(tick))</text>"#
        }
        out +=
            #"<text x="\#(f(Self.margin))" y="16">\#(german ? "Schwelle in Cent und wo sie wahrscheinlich liegt" : "Threshold in cents and where it likely lies")</text>"#
        for (row, (name, estimate)) in placed.enumerated() {
            let y = Self.top + (Double(row) + 0.5) * Self.rowHeight
            out +=
                #"<text class="name" x="\#(f(left - Self.margin))" y="\#(f(y + 4))" text-anchor="end">\#(label(name))</text>"#
            out +=
                #"<line class="band" x1="\#(f(x(estimate.lower.rawValue)))" y1="\#(f(y))" x2="\#(f(x(estimate.upper.rawValue)))" y2="\#(f(y))"/>"#
            out +=
                #"<circle cx="\#(f(x(estimate.threshold.rawValue)))" cy="\#(f(y))" r="5"><title>\#(Self.escaped(name)): \#(cents(estimate.threshold.rawValue))</title></circle>"#
        }
        for (index, line) in unplaced.enumerated() {
            out +=
                #"<text class="unplaced" x="\#(f(Self.margin))" y="\#(f(bottomY + 36 + Double(index) * Self.lineHeight))">\#(line)</text>"#
        }
        if let preparing {
            let y = bottomY + 36 + Double(unplaced.count) * Self.lineHeight
            out +=
                #"<text class="preparing" x="\#(f(Self.margin))" y="\#(f(y))">\#(Self.fitted(preparing, characters: Self.characters(fitting: width - 2 * Self.margin)))</text>"#
        }
        return out + "</svg>\n"
    }

    func x(_ cents: Double) -> Double {
        let clamped = min(max(cents, Self.range.low), Self.range.high)
        return left + (width - left - Self.right) * log(clamped / Self.range.low)
            / log(Self.range.high / Self.range.low)
    }

    /// The axis's ticks, as many as fit without their labels touching.
    var ticks: [Double] {
        [0.5, 1, 2, 5, 10, 20, 50, 100, 200].reduce(into: []) { kept, tick in
            if kept.last.map({ x(tick) - x($0) >= Self.tickSpacing }) ?? true { kept.append(tick) }
        }
    }

    /// How many characters fit in `space` pixels.
    static func characters(fitting space: Double) -> Int { max(1, Int(space / characterWidth)) }

    /// A name as the name column shows it: whole when it fits, else shortened with an ellipsis and
    /// the whole name as its tooltip.
    func label(_ name: String) -> String {
        Self.fitted(name, characters: Self.characters(fitting: left - 2 * Self.margin))
    }

    static func fitted(_ text: String, characters: Int) -> String {
        guard text.count > characters else { return escaped(text) }
        return "<title>\(escaped(text))</title>" + escaped(String(text.prefix(characters - 1))) + "…"
    }

    /// "Not enough data yet: ann, bob, …" broken between names into lines as wide as the chart.
    func unplacedLines(_ names: [String]) -> [String] {
        guard !names.isEmpty else { return [] }
        let perLine = Self.characters(fitting: width - 2 * Self.margin)
        var lines = [(german ? "Noch zu wenige Daten" : "Not enough data yet") + ":"]
        for (index, name) in names.enumerated() {
            let word = name + (index < names.count - 1 ? "," : "")
            if lines[lines.count - 1].count + 1 + word.count <= perLine {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(word)
            }
        }
        return lines.map { Self.fitted($0, characters: perLine) }
    }

    /// How many students are missing from the chart because their figures are still being
    /// prepared (`ClassFigures`): the chart draws none of them, and says so.
    var preparingLine: String? {
        let count = students.count { !$0.isPrepared }
        guard count > 0 else { return nil }
        let number = count.formatted(.number.locale(Locale(identifier: german ? "de_DE" : "en_US")))
        // Short: it fits a phone's chart (280 px: 35 characters) on one line.
        if german { return "In Vorbereitung: \(number) \(count == 1 ? "Schüler:in" : "Schüler:innen")" }
        return "Being prepared: \(number) \(count == 1 ? "student" : "students")"
    }

    /// Cents as the chart's language writes them: one decimal below 10 ¢.
    func cents(_ value: Double) -> String {
        let style = FloatingPointFormatStyle<Double>.number.precision(.fractionLength(value < 10 ? 1 : 0)).grouping(
            .never)
        return value.formatted(style.locale(Locale(identifier: german ? "de_DE" : "en_US"))) + " ¢"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
