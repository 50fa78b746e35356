import Foundation
import Testing
@testable import PeachCore
@testable import PeachServer

struct ThresholdChartTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func timeline(days: Int) -> ThresholdTimeline {
        var timeline = ThresholdTimeline(period: .day, calendar: calendar)
        for day in 0..<days {
            timeline.add(CompletedComparison(
                note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(Double(40 - day % 30)), isCorrect: true,
                timestamp: Date(timeIntervalSince1970: 1_772_409_600 + Double(day) * 86_400 + 43_200)))
        }
        return timeline
    }

    static func chart(days: Int, width: Double = 800) -> String {
        ThresholdChart(timeline: timeline(days: days), size: .init(width: width, height: 320), locale: Locale(identifier: "en")).svg()
    }

    static func attribute(_ name: String, in svg: String) -> String? {
        guard let range = svg.range(of: #"\#(name)=""#) else { return nil }
        return String(svg[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test func itOpensOnTheMostRecentThirtyPeriods() throws {
        let svg = Self.chart(days: 100)
        #expect(svg.components(separatedBy: #"class="dot""#).count - 1 == 100)
        let plot = try #require(svg.range(of: #"<svg class="plot""#)).lowerBound
        let viewBox = try #require(Self.attribute("viewBox", in: String(svg[plot...])))
        #expect(viewBox == "70.00 0 30.00 280.00")
        #expect(Self.attribute("data-domain-end", in: svg) == "100.00")
    }

    @Test func shortHistoriesShowEverything() throws {
        let svg = Self.chart(days: 3)
        let plot = try #require(svg.range(of: #"<svg class="plot""#)).lowerBound
        #expect(Self.attribute("viewBox", in: String(svg[plot...])) == "0.00 0 3.00 280.00")
    }

    @Test func dateLabelsNeverCrowdEachOther() {
        let svg = Self.chart(days: 60, width: 400)
        let labels = svg.components(separatedBy: "<text data-x=").dropFirst().map { $0.prefix { $0 != ">" } }
        let shown = labels.filter { !$0.contains(#"visibility="hidden""#) }
        #expect(labels.count == 60)
        #expect(shown.count <= Int((400 - 60) / ThresholdChart.labelGap) + 1)
        #expect(shown.count >= 3)
    }

    @Test(arguments: [(0.4, 0.5, 0.1), (8.6, 10, 2), (37, 40, 10), (100, 100, 20), (260, 300, 100)])
    func theCentAxisEndsOnARoundNumber(highest: Double, maximum: Double, step: Double) {
        let scale = ThresholdChart.niceScale(highest)
        #expect(abs(scale.maximum - maximum) < 1e-9 && abs(scale.step - step) < 1e-9, "\(scale)")
    }

    @Test func theSparklineHasNoAxesLabelsOrDots() {
        let svg = ThresholdChart.sparkline(Self.timeline(days: 40))
        #expect(svg.contains(#"class="trace""#))
        #expect(!svg.contains("<text") && !svg.contains("dot"))
    }
}
