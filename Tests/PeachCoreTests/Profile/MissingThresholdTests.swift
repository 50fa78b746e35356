import Foundation
import Testing

@testable import PeachCore

/// Issue 49: wherever the profile states no threshold it says why, from what the answers do tell,
/// and wherever it states one it gives no reason.
struct MissingThresholdTests {
    static func profile(_ comparisons: [CompletedComparison]) -> PerceptualProfile {
        var profile = PerceptualProfile(calendar: ThresholdTimelineTests.calendar)
        for comparison in comparisons { profile.record(comparison) }
        return profile
    }

    /// `count` answers at `offset` ¢, each right when `correct(index)`.
    static func answers(_ count: Int, at offset: Double, correct: (Int) -> Bool) -> [CompletedComparison] {
        (0..<count).map { index in
            ThresholdTimelineTests.comparison(
                index.isMultiple(of: 2) ? offset : -offset, correct: correct(index),
                at: ThresholdTimelineTests.day(0).addingTimeInterval(Double(index)))
        }
    }

    @Test func beforeAnyAnswerTheReasonIsThatThereAreNone() {
        #expect(Self.profile([]).missingThreshold == .noAnswers)
        #expect(ChordIntonationProfile(calendar: ThresholdTimelineTests.calendar).missingThreshold == .noAnswers)
    }

    @Test(arguments: [1, 3, ThresholdEstimator.minimumTrials - 1])
    func belowTheFitsMinimumItSaysHowManyThereAreAndHowManyItNeeds(count: Int) {
        let profile = Self.profile(Self.answers(count, at: 20) { $0 % 4 != 3 })
        #expect(profile.thresholdEstimate == nil)
        #expect(profile.missingThreshold == .tooFewAnswers(answers: count, needed: ThresholdEstimator.minimumTrials))
    }

    /// The tracker places these answers (at chance at 20 and 40 ¢, always right at 160 ¢) only within
    /// more than ×10: the reason is that interval, the tracker's own, not a bound of its own making.
    @Test func answersThatPlaceItOnlyWithinMoreThanTenfoldStateTheTrackersInterval() throws {
        let comparisons = ThresholdEstimateTests.vagueAnswers
        let fit = try #require(ThresholdTracker().estimate(comparisons.map(ThresholdEstimator.Trial.init)))
        #expect(!fit.upperIsOpen && fit.upper.rawValue > ThresholdEstimate.widestInformativeRatio * fit.lower.rawValue)
        let profile = Self.profile(comparisons)
        #expect(profile.thresholdEstimate == nil)
        #expect(profile.missingThreshold == .tooWide(lower: fit.lower, upper: fit.upper, answers: comparisons.count))
    }

    /// Every answer right: the answers rule out no ear however fine, and the reason says how many
    /// were right down to which difference.
    @Test func answersRightThroughoutPlaceNothingAndSaySo() {
        let comparisons = Self.answers(30, at: 5) { _ in true } + Self.answers(10, at: 12.5) { _ in true }
        let profile = Self.profile(comparisons)
        #expect(profile.thresholdEstimate == nil)
        #expect(profile.missingThreshold == .unplaced(answers: 40, correct: 40, smallest: Cents(5)))
    }

    @Test func aStatedThresholdHasNoReasonOpenAboveIncluded() {
        let open = ThresholdEstimateTests.estimate(17.5, 900, 2400, open: true)
        let closed = ThresholdEstimateTests.estimate(8.1, 9.4, 11.2)
        let trials = Self.answers(40, at: 10) { $0 % 4 != 3 }.map(ThresholdEstimator.Trial.init)
        #expect(MissingThreshold(trials, fit: open) == nil && MissingThreshold(trials, fit: closed) == nil)
        let wide = ThresholdEstimateTests.estimate(17.5, 120, 924.5)
        #expect(MissingThreshold(trials, fit: wide) == .tooWide(lower: Cents(17.5), upper: Cents(924.5), answers: 40))
    }

    /// After 200 answers of a simulated 30 ¢ listener on the Kazez chain, where the tracker often
    /// states nothing (docs/threshold-model.md), each run states a threshold or a reason.
    @Test func everySimulatedRunStatesAThresholdOrAReason() {
        var generator = SeededGenerator(seed: 49)
        let simulation = ThresholdSimulation(settings: .default, trials: 200)
        var reasons: [MissingThreshold.Reason] = []
        for _ in 0..<12 {
            let (answered, _) = simulation.chain(trials: 200, checks: nil, using: &generator) { _ in
                SimulatedListener(threshold: Cents(30))
            }
            let fit = ThresholdTracker().estimate(answered)
            let missing = MissingThreshold(answered, fit: fit)
            #expect((fit?.ifInformative == nil) == (missing != nil), "\(String(describing: fit))")
            if let missing { reasons.append(missing.reason) }
        }
        // The seed's runs include some that state nothing, so the rule is exercised: all too wide.
        #expect(!reasons.isEmpty && reasons.allSatisfy { $0 == .tooWide }, "\(reasons)")
    }

    /// Which Voice? states why its own threshold (a choice of three, the fixed fit) is missing too.
    @Test func whichVoiceSaysWhyItsOwnThresholdIsMissing() {
        var profile = ChordIntonationProfile(calendar: ThresholdTimelineTests.calendar)
        for index in 0..<5 {
            profile.add(
                CompletedChordIntonation(
                    rootNote: MIDINote(60)!, triad: .major, detunedVoice: .highest, detuneCents: Cents(20),
                    answeredVoice: .highest, timestamp: ThresholdTimelineTests.day(0).addingTimeInterval(Double(index)),
                    tuningSystem: .justIntonation))
        }
        #expect(profile.threshold == nil)
        #expect(profile.missingThreshold == .tooFewAnswers(answers: 5, needed: ThresholdEstimator.minimumTrials))
    }
}
