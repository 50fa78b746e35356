import Testing

@testable import PeachCore
@testable import PeachServices

/// A heat map's names fit their columns: short ones side by side above the cells, longer ones (a
/// common progression's) upright, with the chart grown to hold them.
struct ConfusionChartTests {
    static func matrix(_ items: [String]) -> ConfusionMatrix {
        ConfusionMatrix(
            Dictionary(uniqueKeysWithValues: items.map { ($0, [$0: 1]) }), order: items, name: { $0 })
    }

    @Test func shortNamesStandSideBySideAboveTheirColumns() {
        let svg = ConfusionChart.svg(Self.matrix(["1", "♭3", "5"]))
        #expect(!svg.contains("rotate(") && svg.contains(#"viewBox="0 0 192.0 192.0""#))
    }

    @Test func namesWiderThanAColumnStandUprightAndTheChartGrowsToHoldThem() {
        let names = CommonProgression.allCases.map(\.symbol)
        let svg = ConfusionChart.svg(Self.matrix(names))
        // "I–V–vi–IV", nine characters: 67.5 px upright above the cells, and beside the rows.
        #expect(svg.components(separatedBy: "rotate(-90)").count - 1 == names.count)
        #expect(svg.contains(#"viewBox="0 0 265.5 295.5""#), "\(svg.prefix(200))")
        #expect(svg.contains(#"<text transform="translate(104.5 103.5) rotate(-90)">I–IV–V–I</text>"#))
    }
}
