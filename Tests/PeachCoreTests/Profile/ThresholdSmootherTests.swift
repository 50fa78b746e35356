import Foundation
import Testing

@testable import PeachCore

/// The timeline's honesty against simulated listeners it does not assume: 20 days of 200 answers to
/// the real Kazez chain, the threshold improving from 30 ¢ to 8 ¢ or changing overnight.
struct ThresholdSmootherTests {
    static let days = 20

    struct Score: CustomStringConvertible {
        let close: Int
        let covered: Int
        var description: String { "\(close)/\(ThresholdSmootherTests.days) within ×/÷ 1.4, \(covered) covered" }
    }

    /// Runs a listener whose threshold on day d is `truth(d)` through the chain, then scores each
    /// day's fit against that day's truth.
    static func score(shape: SimulatedListener.Shape, seed: UInt64, truth: (Int) -> Double) -> Score {
        var generator = SeededGenerator(seed: seed)
        let strategy = TrainingSettings.default.kazezStrategy
        var timeline = ThresholdTimeline(period: .day, calendar: ThresholdTimelineTests.calendar)
        var last: CompletedComparison?
        for day in 0..<days {
            let listener = SimulatedListener(threshold: Cents(truth(day)), shape: shape)
            for index in 0..<200 {
                let comparison = strategy.nextComparison(
                    after: last, coldStart: nil, in: TrainingSettings.default.noteRange, using: &generator)
                let completed = CompletedComparison(
                    comparison, answer: listener.answer(comparison, using: &generator),
                    timestamp: ThresholdTimelineTests.day(Double(day), hour: 18).addingTimeInterval(Double(index) * 3))
                timeline.add(completed)
                last = completed
            }
        }
        var close = 0
        var covered = 0
        for (day, point) in timeline.points.enumerated() {
            guard let fit = point.fit else { continue }
            if abs(log(fit.threshold.rawValue / truth(day))) <= log(1.4) { close += 1 }
            if fit.covers(Cents(truth(day))) { covered += 1 }
        }
        return Score(close: close, covered: covered)
    }

    static let shapes: [SimulatedListener.Shape] = [.normal, .weibull(beta: 2), .weibull(beta: 3.5)]

    @Test(arguments: shapes, [UInt64(1), 2, 3])
    func anImprovingListenersDaysAreEachPlacedCloseToTheirTruth(shape: SimulatedListener.Shape, seed: UInt64) {
        let score = Self.score(shape: shape, seed: seed) { 30 * pow(8.0 / 30, Double($0) / Double(Self.days - 1)) }
        #expect(score.close >= 18 && score.covered >= 17, "\(shape), seed \(seed): \(score)")
    }

    @Test(arguments: shapes, [UInt64(4), 5])
    func anOvernightChangeIsFollowed(shape: SimulatedListener.Shape, seed: UInt64) {
        let score = Self.score(shape: shape, seed: seed) { $0 < Self.days / 2 ? 20 : 7 }
        // The day of the change and the day before may be blurred; every other band covers its day.
        #expect(score.covered >= 18, "\(shape), seed \(seed): \(score)")
    }
}
