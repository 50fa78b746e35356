import Foundation
import Testing

@testable import PeachCore

/// The timeline's threshold is the tracker's own reading, smoothed: checked against simulated
/// listeners it does not assume (20 days of 200 answers to the real Kazez chain) and against the
/// tracker's filtered reading where the two must agree.
struct ThresholdTimelineSmoothingTests {
    static let days = 20
    static let answersPerDay = 200

    struct Score: CustomStringConvertible {
        /// Each day's median ÷ the truth at the day's last answer; nothing where the day is not placed.
        let ratios: [Double?]
        /// The same of each day fitted alone (`ThresholdEstimator`, its own answers only).
        let alone: [Double?]
        let covered: Int
        var description: String {
            "\(covered)/\(ThresholdTimelineSmoothingTests.days) covered, ÷ truth "
                + ratios.map { $0.map { String(format: "%.2f", $0) } ?? "–" }.joined(separator: " ")
        }
    }

    /// Runs a listener whose threshold at answer i (of all days) is `truth(i)` through the chain,
    /// then scores each day's point against the truth at that day's last answer.
    static func score(shape: SimulatedListener.Shape, seed: UInt64, truth: (Int) -> Double) -> Score {
        var generator = SeededGenerator(seed: seed)
        let strategy = TrainingSettings.default.kazezStrategy
        var timeline = ThresholdTimeline(period: .day, calendar: ThresholdTimelineTests.calendar)
        var last: CompletedComparison?
        for day in 0..<days {
            for index in 0..<answersPerDay {
                let listener = SimulatedListener(threshold: Cents(truth(day * answersPerDay + index)), shape: shape)
                let comparison = strategy.nextComparison(
                    after: last, coldStart: nil, in: TrainingSettings.default.noteRange, using: &generator)
                let completed = CompletedComparison(
                    comparison, answer: listener.answer(comparison, using: &generator),
                    timestamp: ThresholdTimelineTests.day(Double(day), hour: 18).addingTimeInterval(Double(index) * 3))
                timeline.add(completed)
                last = completed
            }
        }
        var ratios: [Double?] = []
        var alone: [Double?] = []
        var covered = 0
        for (day, point) in timeline.points.enumerated() {
            let now = truth((day + 1) * answersPerDay - 1)
            ratios.append(point.fit.map { $0.threshold.rawValue / now })
            alone.append(ThresholdEstimator().estimate(point.aggregate.counts).map { $0.threshold.rawValue / now })
            if point.fit?.covers(Cents(now)) == true { covered += 1 }
        }
        return Score(ratios: ratios, alone: alone, covered: covered)
    }

    static let shapes: [SimulatedListener.Shape] = [.normal, .weibull(beta: 2), .weibull(beta: 3.5)]

    /// 30 ¢ to 8 ¢ over the 20 days, a little with every answer.
    static func learner(_ answer: Int) -> Double {
        30 * pow(8.0 / 30, Double(answer) / Double(days * answersPerDay - 1))
    }

    @Test(arguments: shapes, [UInt64(1), 2, 3])
    func anImprovingListenersDaysFollowTheirTruth(shape: SimulatedListener.Shape, seed: UInt64) {
        let score = Self.score(shape: shape, seed: seed, truth: Self.learner)
        #expect(score.covered >= 18, "\(shape), seed \(seed): \(score)")
    }

    @Test(arguments: shapes, [UInt64(1), 2, 3])
    func aSteadyListenersDaysAreFlat(shape: SimulatedListener.Shape, seed: UInt64) {
        let score = Self.score(shape: shape, seed: seed) { _ in 10 }
        let ratios = score.ratios.compactMap { $0 }
        #expect(ratios.count == Self.days, "\(shape), seed \(seed): \(score)")
        #expect(score.covered >= 18, "\(shape), seed \(seed): \(score)")
        // Flat: the walk lets the reading wander slowly (by up to ×1.7 over the 20 days of these
        // runs), far less than the days fitted alone scatter.
        let spread = log(ratios.max()! / ratios.min()!)
        let alone = score.alone.compactMap { $0 }
        #expect(spread <= log(1.8), "\(shape), seed \(seed): \(score)")
        #expect(spread < 0.5 * log(alone.max()! / alone.min()!), "\(shape), seed \(seed): \(score), alone \(alone)")
    }

    @Test(arguments: shapes, [UInt64(4), 5])
    func anOvernightChangeIsFollowed(shape: SimulatedListener.Shape, seed: UInt64) {
        let score = Self.score(shape: shape, seed: seed) { $0 < Self.days / 2 * Self.answersPerDay ? 20 : 7 }
        // The walk moves by steps of 1.5 % an answer, so a fall to a third overnight blurs the days
        // either side of it; every other day covers its own truth.
        #expect(score.covered >= 16, "\(shape), seed \(seed): \(score)")
    }

    /// Periods of one chunk each are the tracker's own chunks: the newest period's smoothed reading
    /// is then the tracker's filtered estimate, the headline's.
    @Test func theNewestPeriodOfChunksIsTheTrackersEstimate() throws {
        var generator = SeededGenerator(seed: 9)
        let trials = ThresholdSimulation(trials: 400)
            .run(SimulatedListener(threshold: Cents(10)), using: &generator).trials
        let periods = stride(from: 0, to: trials.count, by: ThresholdTracker.chunkSize).map {
            TrialCounts(trials[$0..<($0 + ThresholdTracker.chunkSize)])
        }
        let smoothed = try #require(ThresholdTracker().smoothed(periods).last ?? nil)
        let filtered = try #require(ThresholdTracker().estimate(trials))
        #expect(abs(smoothed.threshold.rawValue / filtered.threshold.rawValue - 1) < 1e-6, "\(smoothed) vs \(filtered)")
        #expect(abs(smoothed.lower.rawValue / filtered.lower.rawValue - 1) < 1e-6)
        #expect(abs(smoothed.upper.rawValue / filtered.upper.rawValue - 1) < 1e-6)
    }

    /// With a step of zero the threshold never moves, so every period's smoothed reading is the fit
    /// of all the answers: the backward pass carries every later answer back.
    @Test func aWalkOfNoStepReadsEveryPeriodFromAllTheAnswers() throws {
        var generator = SeededGenerator(seed: 11)
        let trials = ThresholdSimulation(trials: 600)
            .run(SimulatedListener(threshold: Cents(10)), using: &generator).trials
        let tracker = ThresholdTracker(changePerTrial: 0)
        let periods = [0..<250, 250..<330, 330..<600].map { TrialCounts(trials[$0]) }
        let all = try #require(tracker.estimate(trials))
        for estimate in tracker.smoothed(periods) {
            let estimate = try #require(estimate)
            #expect(abs(estimate.threshold.rawValue / all.threshold.rawValue - 1) < 1e-6, "\(estimate) vs \(all)")
            #expect(abs(estimate.lower.rawValue / all.lower.rawValue - 1) < 1e-6)
            #expect(abs(estimate.upper.rawValue / all.upper.rawValue - 1) < 1e-6)
        }
    }
}
