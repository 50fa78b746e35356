import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

/// A day of few answers neither stretches the chart's scale nor pushes its band silently past the
/// plot; the numbers and the sparklines' words are in the chart's language.
struct ThresholdChartScaleTests {
    typealias Chart = ThresholdChartTests

    /// Eight settled days of 100 answers at 10 ¢, then a day of a few `answers` (cents, correct).
    static func timeline(thenADayOf answers: [(cents: Double, correct: Bool)]) -> ThresholdTimeline {
        var timeline = Chart.timeline(days: 8, perDay: 100)
        for (index, answer) in answers.enumerated() {
            timeline.add(
                CompletedComparison(
                    note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(answer.cents),
                    isCorrect: answer.correct,
                    timestamp: Date(timeIntervalSince1970: 1_772_409_600 + 8 * 86_400 + 43_200 + Double(index))))
        }
        return timeline
    }

    /// Six answers at 100 ¢, the first right: the chain's first, large differences.
    static let largeFew = (0..<6).map { (cents: 100.0, correct: $0 == 0) }
    /// Wrong at 15 ¢, right at 40 ¢: somewhere between, a closed band far above the settled days'.
    static let vagueFew = [(cents: 15.0, correct: false), (cents: 40.0, correct: true)]

    /// The y axis's tick labels, from 0 ¢ up.
    static func yTicks(_ svg: String) -> [String] {
        guard let start = svg.range(of: #"<g class="y-axis">"#), let end = svg[start.upperBound...].range(of: "</g>")
        else { return [] }
        return svg[start.upperBound..<end.lowerBound].matches(of: /text-anchor="end">([^<]*)</).map { String($0.1) }
    }

    @Test(arguments: [ThresholdChartScaleTests.largeFew, ThresholdChartScaleTests.vagueFew])
    func aDayOfFewAnswersDoesNotStretchTheScale(few: [(cents: Double, correct: Bool)]) {
        let settled = Chart.timeline(days: 8, perDay: 100)
        let withFew = Self.timeline(thenADayOf: few)
        #expect(withFew.aggregates.last!.count < ThresholdChart.scaleMinimumAnswers)
        // Counted, its differences played would set the scale.
        #expect(withFew.aggregates.last!.meanThreshold.rawValue > ThresholdChart.highest(settled.points))
        // The neighbours' fits move a little with it (they are smoothed), the scale's round maximum not at all.
        #expect(ThresholdChart.highest(withFew.points) == ThresholdChart.highest(Array(withFew.points.dropLast())))
        #expect(Self.yTicks(Chart.chart(withFew)) == Self.yTicks(Chart.chart(settled)))
        #expect(!Self.yTicks(Chart.chart(withFew)).isEmpty)
    }

    @Test func whenNoDayHasManyAnswersTheyAllSetTheScale() {
        let few = Chart.timeline(days: 3, perDay: 10)
        #expect(few.aggregates.allSatisfy { $0.count < ThresholdChart.scaleMinimumAnswers })
        #expect(ThresholdChart.highest(few.points) >= few.aggregates.map(\.meanThreshold.rawValue).max()!)
    }

    /// What the headline states after the vague day when the newest answers place the threshold
    /// only loosely: the newest point of a profile's timeline is the headline.
    static let vagueNow = ThresholdEstimate(
        threshold: Cents(25), lower: Cents(12), upper: Cents(60), percentCorrect: 0.75, trialCount: 802)

    @Test func aBandCutAtTheTopEdgeIsMarkedThereAndOnlyThere() throws {
        let timeline = Self.timeline(thenADayOf: Self.vagueFew).stating(now: Self.vagueNow, missing: nil)
        let svg = Chart.chart(timeline)
        let ticks = Self.yTicks(svg)
        let top = try #require(ticks.last)
        let yMax = try #require(Double(top.replacingOccurrences(of: " ¢", with: "")))
        let origin = timeline.aggregates[0].start
        let cut = timeline.points.compactMap { point -> String? in
            guard let fit = point.fit, !fit.upperIsOpen, fit.upper.rawValue > yMax else { return nil }
            return String(format: "%.2f", point.aggregate.start.timeIntervalSince(origin) / 86_400 + 0.5)
        }
        #expect(
            !cut.isEmpty,
            "the fixture must cut a band: \(timeline.points.map { $0.fit.map { "\($0.lower.rawValue)–\($0.upper.rawValue)" } ?? "-" })"
        )
        let marked = svg.matches(of: /class="clipped" data-x="([0-9.]+)"/).map { String($0.1) }
        #expect(marked == cut)
        // The band itself ends at the plot's top edge, not beyond it.
        let bands = svg.matches(of: /class="band" d="([^"]*)"/).flatMap {
            $0.1.matches(of: /,(-?[0-9.]+)/).map { Double($0.1)! }
        }
        #expect(!bands.isEmpty && bands.allSatisfy { $0 >= 0 })
        #expect(svg.contains("likely up to"))
    }

    @Test func aChartWithinItsScaleMarksNothing() {
        #expect(!Chart.chart(Chart.timeline(days: 8, perDay: 100)).contains(#"class="clipped""#))
    }

    @Test func theGermanChartWritesGermanDecimals() {
        let timeline = Chart.timeline(days: 5, perDay: 100, threshold: { _ in 0.3 })
        let english = Self.yTicks(Chart.chart(timeline))
        let german = Self.yTicks(Chart.chart(timeline, language: "de"))
        #expect(english.contains("0.1 ¢") && german.contains("0,1 ¢"))
        #expect(german.allSatisfy { !$0.contains(".") })
    }

    @Test(arguments: [("en", "lower is better"), ("de", "niedriger ist besser")])
    func aSparklineSaysWhichWayIsBetter(language: String, words: String) {
        let locale = Locale(identifier: language)
        let empty = ProfileParts(calendar: Chart.calendar)
        for svg in [
            ThresholdChart.sparkline(.threshold(Chart.timeline(days: 5)), locale: locale),
            ThresholdChart.sparkline(
                MatchingKind.sparkline(.pitchMatching, in: empty, band: .moderate), locale: locale),
            ThresholdChart.sparkline(
                RhythmComparisonKind.sparkline(.rhythmComparison, in: empty, band: .moderate), locale: locale),
        ] {
            let title = svg.firstMatch(of: /<title>([^<]*)<\/title>/)?.1
            #expect(title.map { $0.hasSuffix(words) } == true, "\(svg.prefix(300))")
        }
        let offset = ThresholdChart.sparkline(
            RhythmMatchingKind.sparkline(.rhythmMatching, in: empty, band: .moderate), locale: locale)
        #expect(offset.contains(language == "de" ? "näher an 0 ms ist besser" : "closer to 0 ms is better"))
    }
}
