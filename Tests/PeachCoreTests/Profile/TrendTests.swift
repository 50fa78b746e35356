import Testing

@testable import PeachCore

struct TrendTests {
    typealias Trial = ThresholdEstimator.Trial

    /// `count` answers of a listener with this threshold, cycling through differences around it,
    /// with the correct ones spread evenly at each difference (so any stretch of them looks alike).
    static func answers(threshold: Double, count: Int) -> [Trial] {
        let levels = [0.4, 0.7, 1, 1.4, 2].map { $0 * threshold }
        return (0..<count).map { index in
            let level = levels[index % levels.count]
            let round = Double(index / levels.count)
            let p = ThresholdEstimator.probabilityCorrect(difference: level, threshold: threshold, slope: 1)
            return Trial(difference: level, isCorrect: ((round + 1) * p).rounded(.down) > (round * p).rounded(.down))
        }
    }

    @Test func untilBothHalvesCanBeFittedThereIsNoTrend() {
        #expect(Trend(trials: Self.answers(threshold: 10, count: 60)) == nil)
        // Every answer correct: neither half can place the threshold.
        #expect(Trend(trials: Array(repeating: Trial(difference: 10, isCorrect: true), count: 400)) == nil)
        #expect(Trend(trials: Self.answers(threshold: 10, count: 400)) == .stable)
    }

    @Test func aLowerFittedThresholdInTheNewerHalfIsImproving() {
        #expect(
            Trend(trials: Self.answers(threshold: 20, count: 500) + Self.answers(threshold: 14, count: 500))
                == .improving)
    }

    @Test func aHigherFittedThresholdInTheNewerHalfIsDeclining() {
        #expect(
            Trend(trials: Self.answers(threshold: 14, count: 500) + Self.answers(threshold: 20, count: 500))
                == .declining)
    }

    @Test func smallChangesAreStable() {
        #expect(
            Trend(trials: Self.answers(threshold: 20, count: 500) + Self.answers(threshold: 19.4, count: 500))
                == .stable)
        #expect(
            Trend(trials: Self.answers(threshold: 20, count: 500) + Self.answers(threshold: 20.6, count: 500))
                == .stable)
    }

    @Test func theDifferencesPlayedDoNotDecideIt() {
        // The same listener, once probed well below the threshold (as the Kazez chain does) and once
        // around it: the played differences halve, the threshold does not move.
        let threshold = 10.0
        let probedLow = ThresholdEstimatorTests.idealTrials(
            threshold: threshold, levels: [2, 3, 5, 7, 10], perLevel: 100)
        let probedAround = ThresholdEstimatorTests.idealTrials(
            threshold: threshold, levels: [5, 7, 10, 14, 20], perLevel: 100)
        #expect(Trend(trials: probedAround + probedLow) == .stable)
    }

    @Test func onlyTheNewestWindowOfComparisonsCounts() {
        let history = Self.answers(threshold: 60, count: 5000) + Self.answers(threshold: 10, count: Trend.window)
        #expect(Trend(trials: history) == .stable)
    }
}
