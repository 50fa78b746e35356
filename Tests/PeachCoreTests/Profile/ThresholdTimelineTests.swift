import Foundation
import Testing

@testable import PeachCore

struct ThresholdTimelineTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        return calendar
    }()

    /// 2026-03-02 00:00 UTC, a Monday.
    static let monday = Date(timeIntervalSince1970: 1_772_409_600)

    static func comparison(_ offset: Double, correct: Bool = true, at time: Date) -> CompletedComparison {
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset), isCorrect: correct,
            timestamp: time)
    }

    static func day(_ day: Double, hour: Double = 12) -> Date {
        monday.addingTimeInterval(day * 86_400 + hour * 3600)
    }

    static func timeline(_ period: ThresholdTimeline.Period, _ comparisons: [CompletedComparison]) -> ThresholdTimeline
    {
        var timeline = ThresholdTimeline(period: period, calendar: calendar)
        for comparison in comparisons { timeline.add(comparison) }
        return timeline
    }

    @Test func anEmptyTimelineHasNoPoints() {
        let timeline = Self.timeline(.day, [])
        #expect(timeline.isEmpty)
        #expect(timeline.points.isEmpty)
    }

    @Test func aDayAggregatesItsComparisonsByUnsignedDifference() {
        let timeline = Self.timeline(
            .day,
            [
                Self.comparison(10, correct: true, at: Self.day(0, hour: 1)),
                Self.comparison(-20, correct: false, at: Self.day(0, hour: 23.9)),
                Self.comparison(6, correct: true, at: Self.day(1, hour: 0)),
            ])
        #expect(timeline.aggregates.map(\.start) == [Self.day(0, hour: 0), Self.day(1, hour: 0)])
        #expect(timeline.aggregates.map(\.meanThreshold) == [Cents(15), Cents(6)])
        #expect(timeline.aggregates.map(\.count) == [2, 1])
        #expect(timeline.aggregates.map(\.correctCount) == [1, 1])
    }

    @Test func hoursAndWeeksAreSelectable() {
        let comparisons = [
            Self.comparison(10, at: Self.day(0, hour: 9.1)), Self.comparison(20, at: Self.day(0, hour: 9.9)),
            Self.comparison(30, at: Self.day(0, hour: 10.2)), Self.comparison(40, at: Self.day(6, hour: 23)),
            Self.comparison(50, at: Self.day(7, hour: 0.5)),
        ]
        let hours = Self.timeline(.hour, comparisons)
        #expect(hours.aggregates.map(\.count) == [2, 1, 1, 1])
        #expect(hours.aggregates.first?.start == Self.day(0, hour: 9))
        let weeks = Self.timeline(.week, comparisons)
        #expect(weeks.aggregates.map(\.count) == [4, 1])
        #expect(weeks.aggregates.map(\.start) == [Self.monday, Self.day(7, hour: 0)])
        #expect(weeks.aggregates.map(\.meanThreshold) == [Cents(25), Cents(50)])
    }

    @Test func aLateArrivingOlderComparisonLandsInItsOwnPeriod() {
        let timeline = Self.timeline(
            .day,
            [
                Self.comparison(10, at: Self.day(0)), Self.comparison(30, at: Self.day(5)),
                Self.comparison(20, at: Self.day(2)), Self.comparison(40, at: Self.day(0, hour: 3)),
            ])
        #expect(timeline.aggregates.map(\.start) == [Self.day(0, hour: 0), Self.day(2, hour: 0), Self.day(5, hour: 0)])
        #expect(timeline.aggregates.map(\.meanThreshold) == [Cents(25), Cents(20), Cents(30)])
    }

    @Test func aSinglePeriodIsItsOwnRollingMeanWithNoSpread() {
        let point = Self.timeline(.day, [Self.comparison(12, at: Self.day(0))]).points
        #expect(point.count == 1)
        #expect(point[0].rollingMean == Cents(12))
        #expect(point[0].rollingStandardDeviation == Cents(0))
    }

    @Test func theRollingWindowExpandsUntilTwentyPeriodsThenSlides() {
        // Day d has mean threshold d + 1.
        let timeline = Self.timeline(.day, (0..<30).map { Self.comparison(Double($0 + 1), at: Self.day(Double($0))) })
        let points = timeline.points
        #expect(points.count == 30)
        // Expanding: day 4 averages days 0…4 → (1+2+3+4+5)/5.
        #expect(points[4].rollingMean == Cents(3))
        #expect(abs(points[4].rollingStandardDeviation.rawValue - 2.5.squareRoot()) < 1e-12)
        // Full window: day 19 averages days 0…19; day 29 averages days 10…29.
        #expect(abs(points[19].rollingMean.rawValue - 10.5) < 1e-12)
        #expect(abs(points[29].rollingMean.rawValue - 20.5) < 1e-12)
        let sd = Welford((11...30).map(Double.init)).standardDeviation!
        #expect(abs(points[29].rollingStandardDeviation.rawValue - sd) < 1e-12)
    }

    @Test func rollingStatisticsAverageThePeriodsNotTheComparisons() {
        // Day 0 has 99 comparisons at 10 ¢, day 1 one at 30 ¢: periods weigh equally.
        let comparisons =
            (0..<99).map { _ in Self.comparison(10, at: Self.day(0)) } + [Self.comparison(30, at: Self.day(1))]
        #expect(Self.timeline(.day, comparisons).points.last?.rollingMean == Cents(20))
    }
}

extension ThresholdTimelineTests {
    @Test func theCurrentRollingMeanIsTheLastPointsOwn() {
        let timeline = Self.timeline(
            .day, (0..<45).map { Self.comparison(Double(($0 * 7) % 11 + 1), at: Self.day(Double($0))) })
        #expect(timeline.currentRollingMean == timeline.points.last?.rollingMean)
        #expect(Self.timeline(.day, []).currentRollingMean == nil)
        let short = Self.timeline(.day, (0..<3).map { Self.comparison(Double($0 + 1), at: Self.day(Double($0))) })
        #expect(short.currentRollingMean == short.points.last?.rollingMean)
    }
}

extension ThresholdTimelineTests {
    /// `count` answers on `day` of a listener with this threshold, spread over differences around it.
    static func listenerDay(_ day: Double, threshold: Double, count: Int) -> [CompletedComparison] {
        TrendTests.answers(threshold: threshold, count: count).enumerated().map { index, trial in
            Self.comparison(
                trial.difference, correct: trial.isCorrect, at: Self.day(day, hour: 9).addingTimeInterval(Double(index))
            )
        }
    }

    @Test func aSteadyListenersDaysAreReadTogetherAndPlacedMoreNarrowlyThanAlone() throws {
        let comparisons = (0..<10).flatMap { Self.listenerDay(Double($0), threshold: 10, count: 200) }
        let timeline = Self.timeline(.day, comparisons)
        for (point, aggregate) in zip(timeline.points, timeline.aggregates) {
            let fit = try #require(point.fit)
            #expect(fit.trialCount == 200)
            #expect(fit.covers(Cents(10)), "\(fit)")
            #expect(fit.percentCorrect == ThresholdEstimator.percentCorrect)
            // The neighbours narrow the interval of a day alone (the headline's estimator on its answers).
            let alone = try #require(ThresholdEstimator().estimate(aggregate.counts))
            #expect(
                fit.upper.rawValue / fit.lower.rawValue < alone.upper.rawValue / alone.lower.rawValue,
                "\(fit) vs \(alone)")
        }
    }

    @Test func aThinPeriodIsPlacedWithItsNeighboursHelp() throws {
        let comparisons =
            Self.listenerDay(0, threshold: 10, count: 100) + Self.listenerDay(1, threshold: 10, count: 15)
            + Self.listenerDay(2, threshold: 10, count: 15) + Self.listenerDay(3, threshold: 10, count: 100)
        let timeline = Self.timeline(.day, comparisons)
        // Alone, 15 answers are too few for a fit.
        #expect(ThresholdEstimator().estimate(timeline.aggregates[1].counts) == nil)
        let points = timeline.points
        #expect(points.map { $0.fit?.trialCount } == [100, 15, 15, 100])
        #expect(points.allSatisfy { $0.fit?.covers(Cents(10)) == true })
    }

    @Test func aSuddenChangeIsFollowedWithinAFewPeriods() throws {
        let comparisons = (0..<16).flatMap { Self.listenerDay(Double($0), threshold: $0 < 8 ? 20 : 7, count: 200) }
        let fits = try Self.timeline(.day, comparisons).points.map { try #require($0.fit) }
        // Two days either side of the change may blur it; beyond that each day covers its own truth.
        for (day, fit) in fits.enumerated() where !(6...9).contains(day) {
            #expect(fit.covers(Cents(day < 8 ? 20 : 7)), "day \(day): \(fit)")
        }
    }

    @Test func theWalkStepsWithAnswersNotWithTime() throws {
        // The headline's walk moves the threshold per answer: a week's break between the same two
        // days reads them as a night does.
        let oneDay = Self.timeline(
            .day, Self.listenerDay(0, threshold: 20, count: 200) + Self.listenerDay(1, threshold: 10, count: 200))
        let oneWeek = Self.timeline(
            .day, Self.listenerDay(0, threshold: 20, count: 200) + Self.listenerDay(7, threshold: 10, count: 200))
        let afterDay = try #require(oneDay.points[1].fit)
        #expect(oneWeek.points[1].fit == afterDay)
        #expect(afterDay.covers(Cents(10)), "\(afterDay)")
    }

    @Test func everyAnswerCorrectLeavesThePeriodWithoutAFit() {
        let timeline = Self.timeline(
            .day, (0..<100).map { Self.comparison(30, correct: true, at: Self.day(0).addingTimeInterval(Double($0))) })
        #expect(timeline.points.count == 1)
        #expect(timeline.points[0].fit == nil)
    }

    @Test func fitsAreKeptUntilThePeriodChanges() {
        var timeline = Self.timeline(.day, Self.listenerDay(0, threshold: 10, count: 100))
        let first = timeline.points[0].fit
        #expect(timeline.points[0].fit == first)
        for comparison in Self.listenerDay(0, threshold: 30, count: 200) { timeline.add(comparison) }
        #expect(timeline.points[0].fit != first)
        #expect(timeline.points[0].fit?.trialCount == 300)
    }

    /// Issue 49: a period without a threshold says why, as the headline does: too few answers in
    /// the whole timeline, or, with enough, none placed by its own answers.
    @Test func aPeriodWithoutAThresholdSaysWhy() throws {
        let few = Self.timeline(.day, (0..<10).map { Self.comparison(30, at: Self.day(Double($0 % 2))) })
        #expect(
            few.points.map(\.missingThreshold) == Array(repeating: .tooFewAnswers(answers: 10, needed: 20), count: 2))
        // Every answer right at 50 ¢ and more: no ear is ruled out, however fine.
        let right = Self.timeline(
            .day, (0..<90).map { Self.comparison(50 + Double($0 % 3) * 10, at: Self.day(Double($0 / 30))) })
        for point in right.points {
            #expect(point.fit == nil)
            let missing = try #require(point.missingThreshold)
            guard case .unplaced(let answers, let correct, let smallest) = missing else {
                Issue.record("\(missing)")
                continue
            }
            #expect(answers == 30 && correct == 30)
            #expect(abs(smallest.rawValue / 50 - 1) < 0.021, "the smallest difference's bin: \(smallest)")
        }
        // The newest period's reason is the headline's, as its threshold is.
        let stated = right.stating(now: nil, missing: .tooFewAnswers(answers: 3, needed: 20))
        #expect(stated.points.last?.missingThreshold == .tooFewAnswers(answers: 3, needed: 20))
        #expect(stated.points.first?.missingThreshold == right.points.first?.missingThreshold)
        let placed = Self.timeline(.day, Self.listenerDay(0, threshold: 10, count: 200))
        #expect(placed.points[0].fit != nil && placed.points[0].missingThreshold == nil)
    }
}
