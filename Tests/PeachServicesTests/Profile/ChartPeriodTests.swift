import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

struct ChartPeriodTests {
    static let profile = ChartWindowTests.profile(days: 1000)
    /// An 800 px chart: a 740 px plot, room for 92.5 dots of 8 px.
    static let room = ThresholdChart.room(width: 800)
    static let weekInMonths = 7 / (ThresholdTimeline.Period.month.nominalSeconds / 86_400)

    static func drawn(
        _ view: ClosedRange<Double>?, in viewPeriod: ThresholdTimeline.Period = .day,
        finest: ThresholdTimeline.Period = .day,
        coarsens: Bool = true, room: Double = room
    ) -> ChartPeriod {
        ChartPeriod(profile, finest: finest, view: view, in: viewPeriod, coarsens: coarsens, room: room)
    }

    static func width(_ drawn: ChartPeriod) -> Double { ChartWindow(drawn.timeline, view: drawn.view).visibleWidth }

    @Test func roomIsThePlotsWidthInDotsUpToAHundred() {
        #expect(Self.room == 92.5)
        #expect(ThresholdChart.room(width: 4000) == 100)
    }

    @Test func theAskedPeriodIsDrawnWhileTheViewHasRoomForItsDots() {
        let drawn = Self.drawn(900...990)
        #expect(drawn.timeline.period == .day && drawn.view == 900...990)
        #expect(drawn.finerBelow == nil && drawn.coarserAbove == Self.room)
    }

    @Test func zoomedOutItDrawsWeeksThenMonthsOverTheSameDates() throws {
        let weeks = Self.drawn(600...800)
        #expect(weeks.timeline.period == .week)
        #expect(weeks.view == ChartWindow.view(600...800, from: Self.profile.timeline(.day), to: weeks.timeline))
        #expect(abs(try #require(weeks.finerBelow) - Self.room / 7) < 1e-9 && weeks.coarserAbove == Self.room)

        // 800 days are 114 weeks: more than the plot has room for.
        let months = Self.drawn(100...900)
        #expect(months.timeline.period == .month)
        #expect(months.view == ChartWindow.view(100...900, from: Self.profile.timeline(.day), to: months.timeline))
        #expect(
            abs(try #require(months.finerBelow) - Self.room * Self.weekInMonths) < 1e-9 && months.coarserAbove == nil)

        // The whole history, asked for in weeks.
        let whole = Self.drawn(0...1_000_000, in: .week)
        #expect(
            whole.timeline.period == .month
                && Self.width(whole) == ChartWindow(whole.timeline, view: nil).domain.upperBound)
    }

    @Test func zoomedBackInItDrawsTheFinerPeriodAgain() {
        let weeks = Self.drawn(10...(10 + Self.room * Self.weekInMonths - 0.5), in: .month)
        #expect(weeks.timeline.period == .week)
        let days = Self.drawn(10...(10 + Self.room / 7 - 0.1), in: .week)
        #expect(days.timeline.period == .day)
        #expect(
            days.view
                == ChartWindow.view(
                    10...(10 + Self.room / 7 - 0.1), from: Self.profile.timeline(.week), to: days.timeline))
    }

    @Test func theChosenPeriodStaysTheFinestDrawn() {
        let weeks = Self.drawn(40...50, in: .week, finest: .week)
        #expect(weeks.timeline.period == .week && weeks.finerBelow == nil)
        let hours = Self.drawn(100...180, in: .hour, finest: .hour)
        #expect(hours.timeline.period == .hour && hours.coarserAbove == Self.room)
        #expect(Self.drawn(100...400, in: .hour, finest: .hour).timeline.period == .day)
    }

    @Test func withoutCoarseningThePeriodAskedIsDrawnAsBefore() {
        let drawn = Self.drawn(0...1000, coarsens: false)
        #expect(drawn.timeline.period == .day && drawn.view == 0...1000)
        #expect(drawn.finerBelow == nil && drawn.coarserAbove == nil)
        #expect(Self.drawn(nil, coarsens: false).view == nil)
    }

    /// A chart 200 px wide has room for 17.5 dots: the newest 30 days open as weeks.
    @Test func theOpeningViewCoarsensToo() throws {
        let drawn = Self.drawn(nil, room: ThresholdChart.room(width: 200))
        #expect(drawn.timeline.period == .week)
        let view = try #require(drawn.view)
        let days = ChartWindow.view(view, from: drawn.timeline, to: Self.profile.timeline(.day))
        #expect(abs(days.lowerBound - 970) < 1e-9 && abs(days.upperBound - 1000) < 1e-9)
    }

    /// The browser asks again only past a threshold; the view drawn never is, or it would ask for
    /// the chart it has.
    @Test(arguments: [ThresholdChart.room(width: 200), room, ThresholdChart.room(width: 4000)])
    func theViewDrawnLiesBetweenItsThresholds(room: Double) {
        for width in stride(from: 1.0, through: 1200, by: 7) {
            let drawn = Self.drawn((1000 - width)...1000, room: room)
            let shown = Self.width(drawn)
            #expect(
                shown >= (drawn.finerBelow ?? 0) && shown <= (drawn.coarserAbove ?? .infinity),
                "\(width) days: \(drawn.timeline.period)")
        }
    }

    @Test func pastAThresholdTheRuleDrawsAnotherPeriod() throws {
        let weeks = Self.drawn(600...800)
        let (finer, coarser) = (try #require(weeks.finerBelow), try #require(weeks.coarserAbove))
        #expect(Self.drawn(50...(50 + coarser + 0.02), in: .week).timeline.period == .month)
        #expect(Self.drawn(50...(50 + coarser - 0.02), in: .week).timeline.period == .week)
        #expect(Self.drawn(50...(50 + finer - 0.02), in: .week).timeline.period == .day)
        #expect(Self.drawn(50...(50 + finer + 0.02), in: .week).timeline.period == .week)
    }
}
