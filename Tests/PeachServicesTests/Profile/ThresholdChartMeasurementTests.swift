import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

/// "Measure my threshold" results on the chart: a square marker on its interval in the period it
/// finished, a legend line in the chart's language, and nothing of either without measurements.
struct ThresholdChartMeasurementTests {
    static let day = 86_400.0
    static let firstNoon = 1_772_409_600 + 43_200.0

    static func measurement(day: Int, threshold: Double, lower: Double, upper: Double, open: Bool = false)
        -> ThresholdMeasurement
    {
        let finished = Date(timeIntervalSince1970: firstNoon + Double(day) * Self.day + 100)
        return ThresholdMeasurement(
            discipline: .pitchMeasurement,
            estimate: ThresholdEstimate(
                threshold: Cents(threshold), lower: Cents(lower), upper: Cents(upper), upperIsOpen: open,
                percentCorrect: ThresholdEstimator.percentCorrect, trialCount: 25),
            started: finished - 60, finished: finished)
    }

    static func chart(_ measurements: [ThresholdMeasurement], language: String = "en") -> String {
        ThresholdChart(
            timeline: ThresholdChartTests.timeline(days: 5), size: .init(width: 800, height: 320),
            locale: Locale(identifier: language), measurements: measurements
        ).svg()
    }

    @Test func eachMeasurementIsASquareMarkerOnItsIntervalInItsPeriod() throws {
        let svg = Self.chart([
            Self.measurement(day: 1, threshold: 9, lower: 7, upper: 11),
            Self.measurement(day: 3, threshold: 12, lower: 10, upper: 14),
        ])
        #expect(ThresholdChartTests.count(#"<path class="measurement" "#, in: svg) == 2)
        #expect(ThresholdChartTests.count(#"<path class="measurement-interval" "#, in: svg) == 2)
        // Periods are one unit apart, the first at 0.5: day 1 is at 1.5, day 3 at 3.5.
        #expect(svg.contains(#"class="measurement" data-x="1.50" data-threshold="9.00""#))
        #expect(svg.contains(#"class="measurement" data-x="3.50" data-threshold="12.00""#))
        #expect(svg.contains("Measured threshold"))
        #expect(
            Self.chart([Self.measurement(day: 1, threshold: 9, lower: 7, upper: 11)], language: "de").contains(
                "Gemessene Schwelle"))
    }

    @Test func withoutMeasurementsThereIsNoMarkerAndNoLegendLine() {
        let svg = Self.chart([])
        #expect(!svg.contains(#"class="measurement"#))
        #expect(!svg.contains("Measured threshold"))
        #expect(svg == ThresholdChartTests.chart(ThresholdChartTests.timeline(days: 5)))
    }

    /// An interval open above runs to the top edge, as a period's does.
    @Test func anIntervalOpenAboveRunsToTheTop() throws {
        let svg = Self.chart([Self.measurement(day: 2, threshold: 30, lower: 20, upper: 100, open: true)])
        let interval = try #require(svg.range(of: #"<path class="measurement-interval" d=""#))
        let path = String(svg[interval.upperBound...].prefix { $0 != "\"" })
        #expect(path.hasSuffix(" V0.00"), "\(path)")
    }
}
