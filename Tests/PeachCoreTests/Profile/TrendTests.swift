import Testing
@testable import PeachCore

struct TrendTests {
    @Test func fewerThanTwentyComparisonsGiveNoTrend() {
        #expect(Trend(differences: Array(repeating: 10.0, count: 19)) == nil)
        #expect(Trend(differences: Array(repeating: 10.0, count: 20)) == .stable)
    }

    @Test func smallerDifferencesInTheNewerHalfAreImproving() {
        #expect(Trend(differences: Array(repeating: 20.0, count: 50) + Array(repeating: 15.0, count: 50)) == .improving)
    }

    @Test func largerDifferencesInTheNewerHalfAreDeclining() {
        #expect(Trend(differences: Array(repeating: 15.0, count: 50) + Array(repeating: 20.0, count: 50)) == .declining)
    }

    @Test func changesWithinFivePercentAreStable() {
        #expect(Trend(differences: Array(repeating: 20.0, count: 50) + Array(repeating: 19.2, count: 50)) == .stable)
        #expect(Trend(differences: Array(repeating: 20.0, count: 50) + Array(repeating: 20.8, count: 50)) == .stable)
    }

    @Test func onlyTheNewestThousandComparisonsCount() {
        // Long ago the differences were huge; the recent thousand are flat, so the trend is stable.
        let history = Array(repeating: 90.0, count: 5000) + Array(repeating: 10.0, count: 1000)
        #expect(Trend(differences: history) == .stable)
    }
}
