import Foundation
import Testing

@testable import PeachCore

struct PerceptualProfileTests {
    static func comparison(_ offset: Double, correct: Bool = true, at seconds: Double = 0) -> CompletedComparison {
        ThresholdTimelineTests.comparison(
            offset, correct: correct, at: ThresholdTimelineTests.day(0).addingTimeInterval(seconds))
    }

    @Test func aFreshProfileHasNoNumbers() {
        let profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        #expect(profile.comparisonCount == 0)
        #expect(profile.meanThreshold == nil)
        #expect(profile.thresholdStandardDeviation == nil)
        #expect(profile.trend == nil)
        #expect(profile.thresholdEstimate == nil)
        #expect(profile.matching.meanAbsoluteError == nil)
        #expect(profile.timeline(.day).isEmpty)
        #expect(profile.firstComparison == nil)
    }

    @Test func eachAnswerUpdatesSummaryTimelinesAndDates() {
        var profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        profile.record(Self.comparison(10, correct: true, at: 0))
        profile.record(Self.comparison(-30, correct: false, at: 7200))
        #expect(profile.comparisonCount == 2)
        #expect(profile.correctCount == 1)
        #expect(profile.meanThreshold == Cents(20))
        #expect(abs(profile.thresholdStandardDeviation!.rawValue - 200.0.squareRoot()) < 1e-12)
        #expect(profile.timeline(.day).aggregates.count == 1)
        #expect(profile.timeline(.hour).aggregates.count == 2)
        #expect(profile.timeline(.week).aggregates.count == 1)
        #expect(profile.firstComparison == ThresholdTimelineTests.day(0))
        #expect(profile.lastComparison == ThresholdTimelineTests.day(0).addingTimeInterval(7200))
    }

    /// A teacher's class view folds only the newest comparisons; it must read what the student's
    /// own profile, folded from everything, reads.
    @Test func theNewestComparisonsAloneGiveTheSameThresholdAndTrend() {
        var generator = SeededGenerator(seed: 21)
        let strategy = TrainingSettings.default.kazezStrategy
        var everything = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        var history: [CompletedComparison] = []
        var last: CompletedComparison?
        for index in 0..<(PerceptualProfile.recentCapacity + 700) {
            // Finer as the weeks go by, so the trend has something to say.
            let listener = SimulatedListener(threshold: Cents(index < 1800 ? 20 : 8), shape: .normal)
            let comparison = strategy.nextComparison(
                after: last, coldStart: nil, in: TrainingSettings.default.noteRange, using: &generator)
            let completed = CompletedComparison(
                comparison, answer: listener.answer(comparison, using: &generator),
                timestamp: ThresholdTimelineTests.day(0).addingTimeInterval(Double(index) * 60))
            everything.record(completed)
            history.append(completed)
            last = completed
        }
        var newest = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        for comparison in history.suffix(PerceptualProfile.recentCapacity) { newest.record(comparison) }
        #expect(everything.thresholdEstimate != nil && everything.trend != nil)
        #expect(newest.thresholdEstimate == everything.thresholdEstimate)
        #expect(newest.trend == everything.trend)
    }

    @Test func pitchMatchingStatisticsAreIndependentOfComparisons() {
        var profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        profile.record(PitchMatchingStatisticsTests.attempt(-12))
        #expect(profile.matching.count == 1)
        #expect(profile.matching.meanAbsoluteError == Cents(12))
        #expect(profile.comparisonCount == 0)
        #expect(profile.meanThreshold == nil)
    }

    @Test func trendAndEstimateUseTheNewestComparisons() throws {
        var profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        // 3000 answers at 50 ¢ long ago, then 1000 at a level the listener half gets right.
        for index in 0..<3000 { profile.record(Self.comparison(50, correct: true, at: Double(index))) }
        for index in 0..<1000 { profile.record(Self.comparison(4, correct: index % 4 != 0, at: 3000 + Double(index))) }
        #expect(profile.comparisonCount == 4000)
        // The trend is the change over the newest 400 answers, all at 4 ¢ as the 600 before them:
        // nothing sure, so stable.
        let change = try #require(profile.thresholdChange)
        #expect(!change.isSure && profile.trend == .stable)
        let estimate = try #require(profile.thresholdEstimate)
        // The tracker reads the newest 2000: the 1000 at 4 ¢ and, beyond them, 1000 at 50 ¢ all correct.
        #expect(estimate.trialCount == ThresholdTracker.window)
        // 75 % correct at 4 ¢ is exactly the 75 % threshold (within the 4 % lattice the fit counts on),
        // read through a random walk: fewer answers' worth, so a wider posterior whose median sits
        // 2.7 % off (0.1 ¢ held for the fixed fit of 400).
        #expect(abs(estimate.threshold.rawValue - 4) < 0.15)
    }

    /// The timeline's newest point and the sparkline's last value are the headline, at every period
    /// length: one reading of the threshold now, not two.
    @Test func theTimelinesNewestPointIsTheHeadline() throws {
        var profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        for day in 0..<6 {
            // A learner: 20 ¢ falling to 10 ¢ over the six days, 300 answers a day.
            let threshold = 20 * pow(0.5, Double(day) / 5)
            for comparison in ThresholdTimelineTests.listenerDay(Double(day), threshold: threshold, count: 300) {
                profile.record(comparison)
            }
        }
        let headline = try #require(profile.thresholdEstimate)
        for period in ThresholdTimeline.Period.allCases {
            // The headline's reading, counted as the newest period's own answers as every point is.
            let newest = try #require(profile.timeline(period).points.last)
            let fit = try #require(newest.fit, "\(period)")
            #expect(
                [fit.threshold, fit.lower, fit.upper] == [headline.threshold, headline.lower, headline.upper],
                "\(period)")
            #expect(fit.trialCount == newest.aggregate.count, "\(period)")
        }
        #expect(Sparkline.threshold(profile.timeline(.day)).values.last == headline.threshold.rawValue)
        // The timeline's own smoothed reading at the newest answer, from the days' answers counted
        // but not in order, is the same walk's: it lies inside the headline's interval.
        var timeline = ThresholdTimeline(period: .day, calendar: ThresholdTimelineTests.calendar)
        for day in 0..<6 {
            let threshold = 20 * pow(0.5, Double(day) / 5)
            for comparison in ThresholdTimelineTests.listenerDay(Double(day), threshold: threshold, count: 300) {
                timeline.add(comparison)
            }
        }
        let smoothed = try #require(timeline.points.last?.fit)
        #expect(headline.covers(smoothed.threshold), "\(smoothed) vs \(headline)")
    }
}
