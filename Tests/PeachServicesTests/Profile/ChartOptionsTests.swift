import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

struct ChartOptionsTests {
    static let profile = ChartWindowTests.profile(days: 40, perDay: 20)

    @Test func aChartThatCoarsensSaysWhichPeriodItDrewAndAtWhichWidthsAnotherWouldBe() throws {
        // A 300 px chart has room for 30 dots: 36 days are drawn as weeks.
        let svg = try ChartOptions(period: "day", width: 300, viewStart: 4, viewWidth: 36, coarsens: true).svg(
            Self.profile)
        #expect(ThresholdChartTests.attribute("data-period", in: svg) == "week")
        #expect(ThresholdChartTests.attribute("data-finer-below", in: svg) == "4.29")
        #expect(ThresholdChartTests.attribute("data-coarser-above", in: svg) == "30.00")
        // A dot is as wide as the room the rule gives it.
        #expect(svg.contains(".dot { stroke: var(--chart-line, #b3431f); stroke-width: 8;"))
    }

    @Test func aChartThatDoesNotCoarsenIsDrawnAsBefore() throws {
        let svg = try ChartOptions(period: "day", width: 300, viewStart: 4, viewWidth: 36).svg(Self.profile)
        #expect(ThresholdChartTests.attribute("data-period", in: svg) == "day")
        #expect(!svg.contains("data-finer-below") && !svg.contains("data-coarser-above"))
        // Every day: a date label each.
        #expect(ThresholdChartTests.count("<text data-x=", in: svg) == 40)
    }

    @Test(arguments: ["en", "de"])
    func aMonthlyChartNamesTheMonthsAndTheirYear(language: String) throws {
        let svg = try ChartOptions(period: "month", language: language).svg(Self.profile)
        #expect(svg.contains(language == "en" ? ">Apr 2026</text>" : ">Apr. 2026</text>"), "\(svg.suffix(600))")
    }

    @Test func aViewPeriodNeedsAView() {
        #expect(throws: ChartOptions.Invalid.self) { try ChartOptions(viewPeriod: .week) }
    }
}
