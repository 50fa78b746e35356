import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

struct ThresholdChartTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `perDay` answers a day of a listener whose threshold is `threshold(day)`, at differences
    /// around it, correct at the model's rate (spread evenly).
    static func timeline(days: Int, perDay: Int = 50, threshold: (Int) -> Double = { _ in 10 }) -> ThresholdTimeline {
        var timeline = ThresholdTimeline(period: .day, calendar: calendar)
        for day in 0..<days {
            let truth = threshold(day)
            let levels = [0.5, 0.75, 1, 1.5, 2].map { $0 * truth }
            for index in 0..<perDay {
                let level = levels[index % levels.count]
                let turn = Double(index / levels.count)
                let p = ThresholdEstimator.probabilityCorrect(difference: level, threshold: truth, slope: 1)
                timeline.add(
                    CompletedComparison(
                        note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(level),
                        isCorrect: ((turn + 1) * p).rounded(.down) > (turn * p).rounded(.down),
                        timestamp: Date(
                            timeIntervalSince1970: 1_772_409_600 + Double(day) * 86_400 + 43_200 + Double(index))))
            }
        }
        return timeline
    }

    static func chart(_ timeline: ThresholdTimeline, width: Double = 800, language: String = "en") -> String {
        ThresholdChart(timeline: timeline, size: .init(width: width, height: 320), locale: Locale(identifier: language))
            .svg()
    }

    static func chart(days: Int, width: Double = 800) -> String { chart(timeline(days: days), width: width) }

    static func count(_ text: String, in svg: String) -> Int { svg.components(separatedBy: text).count - 1 }

    static func attribute(_ name: String, in svg: String) -> String? {
        guard let range = svg.range(of: #"\#(name)=""#) else { return nil }
        return String(svg[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test func itOpensOnTheMostRecentThirtyPeriods() throws {
        let svg = Self.chart(days: 100)
        #expect(Self.count("data-index=", in: svg) == 61)
        let plot = try #require(svg.range(of: #"<svg class="plot""#)).lowerBound
        let viewBox = try #require(Self.attribute("viewBox", in: String(svg[plot...])))
        #expect(viewBox == "70.00 0 30.00 264.00")
        #expect(Self.attribute("data-domain-end", in: svg) == "100.00")
    }

    @Test func aLongHistoryDrawsOnlyTheViewAndOneViewEitherSide() throws {
        let timeline = Self.timeline(days: 1000, perDay: 40)
        let newest = Self.chart(timeline)
        // The newest 30 days and the 30 before them, plus one beyond the edge.
        #expect(Self.count("data-index=", in: newest) == 61)
        #expect(newest.utf8.count < 60 * 1024, "\(newest.utf8.count) bytes")
        #expect(Self.attribute("data-domain-end", in: newest) == "1000.00")
        #expect(Self.attribute("data-rendered-start", in: newest) == "940.00")
        #expect(newest.contains(#"data-index="999""#) && newest.contains(#"data-index="939""#))
        #expect(!newest.contains(#"data-index="938""#))

        let middle = ThresholdChart(
            timeline: timeline, size: .init(width: 800, height: 320), locale: Locale(identifier: "en"), view: 500...520
        ).svg()
        let plot = try #require(middle.range(of: #"<svg class="plot""#)).lowerBound
        #expect(Self.attribute("viewBox", in: String(middle[plot...])) == "500.00 0 20.00 264.00")
        #expect(Self.attribute("data-rendered-start", in: middle) == "480.00")
        #expect(Self.attribute("data-rendered-end", in: middle) == "540.00")
        #expect(middle.contains(#"data-index="500""#) && !middle.contains(#"data-index="600""#))
    }

    @Test func shortHistoriesShowEverything() throws {
        let svg = Self.chart(days: 3)
        let plot = try #require(svg.range(of: #"<svg class="plot""#)).lowerBound
        #expect(Self.attribute("viewBox", in: String(svg[plot...])) == "0.00 0 3.00 264.00")
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
        let svg = ThresholdChart.sparkline(.threshold(Self.timeline(days: 40)))
        #expect(svg.contains(#"class="trace""#))
        #expect(!svg.contains("<text") && !svg.contains(#"class="dot"#) && !svg.contains(#"class="measured"#))
    }

    @Test func theSparklineFollowsTheFittedThresholdNotTheDifferencesPlayed() throws {
        // The threshold rises while the differences played stay the same: the trace must rise.
        var timeline = ThresholdTimeline(period: .day, calendar: Self.calendar)
        for (day, threshold) in [(0, 5.0), (1, 20.0)] {
            for index in 0..<100 {
                timeline.add(
                    CompletedComparison(
                        note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents([5, 10, 20][index % 3]),
                        isCorrect: Double(index % 10) < 10
                            * ThresholdEstimator.probabilityCorrect(
                                difference: [5, 10, 20][index % 3], threshold: threshold, slope: 1),
                        timestamp: Date(
                            timeIntervalSince1970: 1_772_409_600 + Double(day) * 86_400 + 43_200 + Double(index))))
            }
        }
        let svg = ThresholdChart.sparkline(.threshold(timeline))
        let trace = try #require(svg.range(of: #"class="trace""#))
        let path = try #require(Self.attribute("d", in: String(svg[trace.lowerBound...])))
        let ys = path.dropFirst().split(separator: " ").map {
            Double($0.split(separator: ",")[1].trimmingCharacters(in: .letters))!
        }
        // SVG y grows downwards: a higher threshold is a smaller y.
        #expect(ys.count == 2 && ys[1] < ys[0], "\(path)")
    }

    static func traceYs(_ svg: String) throws -> [Double] {
        let trace = try #require(svg.range(of: #"class="trace""#))
        let path = try #require(Self.attribute("d", in: String(svg[trace.lowerBound...])))
        return path.dropFirst().split(separator: " ").map {
            Double($0.split(separator: ",")[1].trimmingCharacters(in: .letters))!
        }
    }

    /// Years of days draw tens of points, not thousands; each point is the fit of its run of days'
    /// pooled answers, so the line falls where the daily fits fall.
    @Test func aLongHistorysSparklineIsTensOfPointsAlongTheDailyFits() throws {
        let days = 200
        let timeline = Self.timeline(days: days, perDay: 40) { day in 8 + 22 * exp(-Double(day) / 50) }
        let overview = timeline.overview()
        #expect(overview.count == Sparkline.maximumPoints)
        let daily = timeline.points.map { $0.fit?.threshold.rawValue }
        for (run, fit) in zip(Sparkline.runs(of: days), overview) {
            let fitted = daily[run].compactMap { $0 }
            let threshold = try #require(fit?.threshold.rawValue, "run \(run)")
            #expect(
                threshold >= fitted.min()! / 1.25 && threshold <= fitted.max()! * 1.25,
                "run \(run): \(threshold) against \(fitted)")
        }
        let svg = ThresholdChart.sparkline(.threshold(timeline))
        let ys = try Self.traceYs(svg)
        #expect(ys.count == Sparkline.maximumPoints)
        // SVG y grows downwards: a falling threshold ends lower on the screen than it began.
        #expect(ys.first! < ys.last!)
        #expect(svg.utf8.count <= 8 * 1024)
    }

    /// Every kind's daily series is drawn at the same resolution: the mean of each run of days.
    @Test func aLongDailySeriesIsDrawnAsTheMeanOfEachRunOfDays() throws {
        let values = (0..<1000).map { Double(1000 - $0) }
        let svg = ThresholdChart.sparkline(
            Sparkline(values: values, hasData: true, caption: .init(english: "e", german: "g")))
        let ys = try Self.traceYs(svg)
        #expect(ys.count == Sparkline.maximumPoints)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 < $1 }, "a falling series falls at every point")
        #expect(svg.utf8.count <= 8 * 1024)
    }

    /// A measurement is the one thing a sparkline marks: a square at its threshold on the line's
    /// scale, beside its day's point, on a bar of its 95 % interval; the title says what squares are.
    @Test func aMeasurementIsASquareOnItsIntervalBesideItsDay() throws {
        let estimate = ThresholdEstimate(
            threshold: Cents(15), lower: Cents(12), upper: Cents(18), percentCorrect: 0.75, trialCount: 40)
        let line = Sparkline(
            values: [10, 20, 30], hasData: true, caption: .init(english: "e", german: "g"),
            marks: [.init(index: 1, estimate: estimate)])
        let svg = ThresholdChart.sparkline(line)
        #expect(svg.contains("<title>e; squares: measured thresholds</title>"))
        #expect(
            ThresholdChart.sparkline(line, locale: Locale(identifier: "de")).contains("Quadrate: gemessene Schwellen"))
        let ys = try Self.traceYs(svg)
        let square = try #require(svg.range(of: #"class="measured" "#))
        let at = try #require(Self.attribute("d", in: String(svg[square.lowerBound...])))
        let point = at.dropFirst().split(separator: " ")[0].split(separator: ",").map {
            Double($0.trimmingCharacters(in: .letters))!
        }
        #expect(abs(point[0] - 150) < 0.01, "beside the middle day: \(at)")
        // Halfway between 10 and 20 on the line's own scale (y grows downwards).
        #expect(abs(point[1] - (ys[0] + ys[1]) / 2) < 0.01, "15 lies halfway between 10 and 20: \(point) \(ys)")
        // The line spans 10–30 over y 56–4: 12 and 18 are at 50.8 and 35.2.
        let bar = try #require(svg.range(of: #"class="measured-interval""#))
        #expect(Self.attribute("d", in: String(svg[bar.lowerBound...])) == "M150.00,50.80 V35.20")
        #expect(
            !ThresholdChart.sparkline(
                Sparkline(values: [10, 20, 30], hasData: true, caption: .init(english: "e", german: "g"))
            ).contains("measured"))
    }

    @Test func theMainSeriesIsTheFittedThresholdWithItsIntervalAndTheDifferencesPlayedAreSecondary() {
        let timeline = Self.timeline(days: 5, perDay: 100)
        let svg = Self.chart(timeline)
        #expect(Self.count(#"class="band""#, in: svg) == 1)
        #expect(Self.count(#"class="threshold""#, in: svg) == 1)
        #expect(Self.count(#"class="played""#, in: svg) == 1)
        #expect(Self.count(#"class="dot""#, in: svg) == 5)
        #expect(
            svg.contains("Threshold (75 % correct)") && svg.contains("Mean difference played"))
        #expect(
            Self.chart(timeline, language: "de").contains("Schwelle (75 % richtig)"))
    }

    @Test(arguments: ["en", "de"])
    func theLegendWrapsRatherThanRunOffANarrowChart(language: String) throws {
        func playedLegend(width: Double) throws -> (x: Double, y: Double) {
            let svg = Self.chart(Self.timeline(days: 5), width: width, language: language)
            let line = try #require(svg.range(of: #"<line class="legend-played""#))
            let tag = String(svg[line.lowerBound...].prefix { $0 != ">" })
            return (
                Double(try #require(Self.attribute("x1", in: tag)))!,
                Double(try #require(Self.attribute("y1", in: tag)))!
            )
        }
        let wide = try playedLegend(width: 800)
        let narrow = try playedLegend(width: 360)
        #expect(wide.y == 10 && wide.x > 48, "side by side on a wide chart")
        #expect(narrow.y > 10 && narrow.x == 48, "below the first entry on a phone")
    }

    @Test func anIntervalOpenAboveRunsToTheTopEdge() {
        // At chance at every difference played: the threshold lies above them, by how much nobody knows.
        var timeline = ThresholdTimeline(period: .day, calendar: Self.calendar)
        for index in 0..<100 {
            timeline.add(
                CompletedComparison(
                    note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(5),
                    isCorrect: index.isMultiple(of: 2),
                    timestamp: Date(timeIntervalSince1970: 1_772_409_600 + 43_200 + Double(index))))
        }
        #expect(timeline.points[0].fit?.upperIsOpen == true)
        let svg = Self.chart(timeline)
        #expect(Self.count(#"class="open""#, in: svg) == 1)
        #expect(svg.contains(" V0\""))
    }
}
