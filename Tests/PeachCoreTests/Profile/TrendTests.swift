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

    /// The trend of `trials` as the profile reads it: the direction of their change.
    static func trend(_ trials: [Trial]) -> Trend? { ThresholdChange(trials: trials).map(Trend.init) }

    @Test func theDirectionIsWhereTheChangesIntervalLies() {
        #expect(Trend(ThresholdChange(ratio: 0.8, lower: 0.7, upper: 0.95, answers: 400)) == .improving)
        #expect(Trend(ThresholdChange(ratio: 0.9, lower: 0.8, upper: 1.05, answers: 400)) == .stable)
        #expect(Trend(ThresholdChange(ratio: 1.1, lower: 0.97, upper: 1.3, answers: 400)) == .stable)
        #expect(Trend(ThresholdChange(ratio: 1.2, lower: 1.05, upper: 1.4, answers: 400)) == .declining)
    }

    @Test func withoutAChangeThereIsNoTrend() {
        #expect(Self.trend(Self.answers(threshold: 10, count: 60)) == nil)
        // Every answer correct: the threshold cannot be placed, then or now.
        #expect(Self.trend(Array(repeating: Trial(difference: 10, isCorrect: true), count: 400)) == nil)
        #expect(Self.trend(Self.answers(threshold: 10, count: 1200)) == .stable)
    }

    /// Issue 49: the older and newer halves of the newest 2000 answers differ (20 ¢ against 14 ¢,
    /// which the old rule of fitted halves called improving), but the newest 400 answers hold no
    /// change one can be sure of: the Profile says "no change you can be sure of", so the trend is
    /// stable, not improving beside it.
    @Test func differingHalvesWithNoSureChangeOverTheSpanAreStable() throws {
        let trials = Self.answers(threshold: 20, count: 1000) + Self.answers(threshold: 14, count: 1000)
        let estimator = ThresholdEstimator()
        let older = try #require(estimator.estimate(trials.prefix(1000)))
        let newer = try #require(estimator.estimate(trials.suffix(1000)))
        #expect(newer.upper < older.lower, "halves \(older.lower)–\(older.upper) against \(newer.lower)–\(newer.upper)")
        let change = try #require(ThresholdChange(trials: trials))
        #expect(!change.isSure, "\(change.lower)–\(change.upper)")
        #expect(Trend(change) == .stable)
    }

    @Test func aSureFallOverTheSpanIsImprovingAndASureRiseDeclining() throws {
        let fall = try #require(
            ThresholdChange(trials: Self.answers(threshold: 30, count: 1600) + Self.answers(threshold: 10, count: 400)))
        #expect(fall.isSure && fall.upper < 1, "\(fall.lower)–\(fall.upper)")
        #expect(Trend(fall) == .improving)
        let rise = try #require(
            ThresholdChange(trials: Self.answers(threshold: 10, count: 1600) + Self.answers(threshold: 30, count: 400)))
        #expect(rise.isSure && rise.lower > 1, "\(rise.lower)–\(rise.upper)")
        #expect(Trend(rise) == .declining)
    }

    /// The trend says what the change sentence says: a direction exactly when the change is sure.
    @Test func aDirectionExactlyWhenTheChangeIsSure() {
        for (before, after) in [(20.0, 14.0), (14, 20), (30, 10), (10, 30), (20, 19.4), (12, 12)] {
            for span in [200, 400, 800] {
                let trials = Self.answers(threshold: before, count: 1600) + Self.answers(threshold: after, count: span)
                guard let change = ThresholdChange(trials: trials) else { continue }
                #expect((Trend(change) != .stable) == change.isSure, "\(before) → \(after) over \(span)")
            }
        }
    }
}
