import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

struct ChartWindowTests {
    /// `perDay` answers a day from noon for `days` days from Wednesday 8 April 2026 (UTC): its
    /// week began on Sunday 5 April, its month on 1 April, so each period's first period starts
    /// elsewhere. The answers are a 10 ¢ listener's, around that difference (as
    /// `ThresholdChartTests.timeline`).
    static func profile(days: Int, perDay: Int = 1) -> PerceptualProfile {
        var profile = PerceptualProfile(calendar: ThresholdChartTests.calendar)
        let first = Date(timeIntervalSince1970: 1_775_606_400)
        for day in 0..<days {
            for index in 0..<perDay {
                let level = [5.0, 7.5, 10, 15, 20][(day + index) % 5]
                let p = ThresholdEstimator.probabilityCorrect(difference: level, threshold: 10, slope: 1)
                let turn = Double((day * perDay + index) / 5)
                profile.record(
                    CompletedComparison(
                        note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(level),
                        isCorrect: ((turn + 1) * p).rounded(.down) > (turn * p).rounded(.down),
                        timestamp: first.addingTimeInterval(Double(day) * 86_400 + 43_200 + Double(index))))
            }
        }
        return profile
    }

    @Test func aViewInAnotherPeriodSpansTheSameDates() {
        let profile = Self.profile(days: 400)
        let days = profile.timeline(.day)
        // Days 10 to 110: 18 April to 27 July, midnight.
        let view = 10.0...110.0
        let weeks = ChartWindow.view(view, from: days, to: profile.timeline(.week))
        #expect(abs(weeks.lowerBound - 13.0 / 7) < 1e-9 && abs(weeks.upperBound - 113.0 / 7) < 1e-9)
        let months = ChartWindow.view(view, from: days, to: profile.timeline(.month))
        let month = ThresholdTimeline.Period.month.nominalSeconds / 86_400
        #expect(abs(months.lowerBound - 17 / month) < 1e-9 && abs(months.upperBound - 117 / month) < 1e-9)
        let hours = ChartWindow.view(view, from: days, to: profile.timeline(.hour))
        // The first hour is the first answer's: noon.
        #expect(abs(hours.lowerBound - 228) < 1e-9 && abs(hours.upperBound - 2628) < 1e-9)
        let back = ChartWindow.view(months, from: profile.timeline(.month), to: days)
        #expect(abs(back.lowerBound - 10) < 1e-9 && abs(back.upperBound - 110) < 1e-9)
    }

    @Test func aViewInItsOwnPeriodIsLeftAsItIs() {
        let days = Self.profile(days: 40).timeline(.day)
        #expect(ChartWindow.view(0.3...7.1, from: days, to: days) == 0.3...7.1)
    }
}
