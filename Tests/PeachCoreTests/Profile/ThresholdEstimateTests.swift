import Foundation
import Testing

@testable import PeachCore

/// One rule says which fitted thresholds a screen may state, and every producer of a shown threshold
/// applies it: the profile's headline, each timeline period, Compare Timing.
struct ThresholdEstimateTests {
    static func estimate(_ lower: Double, _ threshold: Double, _ upper: Double, open: Bool = false) -> ThresholdEstimate
    {
        ThresholdEstimate(
            threshold: Cents(threshold), lower: Cents(lower), upper: Cents(upper), upperIsOpen: open,
            percentCorrect: ThresholdEstimator.percentCorrect, trialCount: 40)
    }

    @Test func anIntervalUpToTheWidestRatioIsInformativeAndOneBeyondIsNot() {
        let ratio = ThresholdEstimate.widestInformativeRatio
        #expect(Self.estimate(5, 10, 5 * ratio).isInformative)
        #expect(Self.estimate(8.1, 9.4, 11.2).ifInformative == Self.estimate(8.1, 9.4, 11.2))
        #expect(!Self.estimate(5, 10, 5 * ratio * 1.01).isInformative)
        // The example: a class view printed this as if it meant something.
        #expect(Self.estimate(17.5, 120, 924.5).ifInformative == nil)
    }

    @Test func anIntervalOpenAboveStaysStatedAsAtLeastItsLowerEnd() {
        #expect(Self.estimate(17.5, 900, 2400, open: true).isInformative)
    }

    /// Answers that fit a wide range of listeners: at chance at 20 ¢ and 40 ¢, always right at 160 ¢.
    static let vagueAnswers: [CompletedComparison] = (0..<20).map { index in
        let offset = [20.0, 40, 160][index % 3]
        return ThresholdTimelineTests.comparison(
            offset, correct: offset > 100 || index % 2 == 0,
            at: ThresholdTimelineTests.day(0).addingTimeInterval(Double(index)))
    }

    @Test func theProfileStatesNoThresholdItsAnswersCannotNarrowDown() throws {
        let fitted = try #require(ThresholdEstimator().estimate(Self.vagueAnswers.map(ThresholdEstimator.Trial.init)))
        #expect(!fitted.isInformative, "the fixture's own fit: \(fitted)")
        var profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        for comparison in Self.vagueAnswers { profile.record(comparison) }
        #expect(profile.thresholdEstimate == nil)
        #expect(profile.timeline(.day).points.allSatisfy { $0.fit == nil })
    }

    @Test func compareTimingStatesNoThresholdItsAnswersCannotNarrowDown() throws {
        var rhythm = RhythmProfile(calendar: ThresholdTimelineTests.calendar)
        for (index, comparison) in Self.vagueAnswers.enumerated() {
            // The cents become percents of a sixteenth: the estimator reads any unit alike.
            rhythm.add(
                CompletedRhythmComparison(
                    tempo: TempoBPM(90)!, offsetPercent: -comparison.centDifference.rawValue,
                    isCorrect: comparison.isCorrect,
                    timestamp: ThresholdTimelineTests.day(0).addingTimeInterval(Double(index))))
        }
        let timing = try #require(rhythm.timing[TempoBPM(90)!.band])
        #expect(timing.count == Self.vagueAnswers.count)
        #expect(timing.thresholdEstimate == nil && timing.thresholdPercent == nil)
        #expect(rhythm.timingDays[TempoBPM(90)!.band]?.allSatisfy { $0.stats.thresholdEstimate == nil } == true)
    }

    @Test func enoughClearAnswersAreStated() throws {
        var profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        var generator = SeededGenerator(seed: 26)
        let listener = SimulatedListener(threshold: Cents(10))
        var last: CompletedComparison?
        for index in 0..<400 {
            let comparison = TrainingSettings.default.kazezStrategy.nextComparison(
                after: last, coldStart: nil, in: TrainingSettings.default.noteRange, loudnessVariation: 0,
                using: &generator)
            let completed = CompletedComparison(
                comparison, answer: listener.answer(comparison, using: &generator),
                timestamp: ThresholdTimelineTests.day(0).addingTimeInterval(Double(index)))
            profile.record(completed)
            last = completed
        }
        let estimate = try #require(profile.thresholdEstimate)
        // Stated, and near the truth: this run's answers read 7.5 ¢, and its 95 % interval (6.4–9.7 ¢)
        // is one of the one in twenty that miss; how often they cover is ThresholdSimulationTests'.
        #expect(estimate.isInformative, "\(estimate)")
        #expect(estimate.threshold.rawValue > 10 / 1.5 && estimate.threshold.rawValue < 10 * 1.5, "\(estimate)")
        #expect(profile.timeline(.day).points.last?.fit != nil)
    }
}
