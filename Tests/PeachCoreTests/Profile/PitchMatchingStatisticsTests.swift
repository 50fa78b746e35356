import Foundation
import Testing

@testable import PeachCore

struct PitchMatchingStatisticsTests {
    static func attempt(_ error: Double) -> CompletedPitchMatching {
        CompletedPitchMatching(
            referenceNote: MIDINote(60)!, initialCentOffset: Cents(40), userCentError: Cents(error),
            timestamp: Date(timeIntervalSince1970: 0))
    }

    @Test func noAttemptsMeansNoNumbers() {
        let statistics = PitchMatchingStatistics()
        #expect(statistics.count == 0)
        #expect(statistics.meanAbsoluteError == nil)
        #expect(statistics.standardDeviation == nil)
    }

    @Test func theTrendComparesTheNewerHalfsMeanAbsoluteErrorWithTheOlderHalfs() {
        func statistics(_ errors: [Double]) -> PitchMatchingStatistics {
            var statistics = PitchMatchingStatistics()
            for error in errors { statistics.add(Self.attempt(error)) }
            return statistics
        }
        let alternating = { (centre: Double) in (0..<20).map { $0.isMultiple(of: 2) ? centre + 2 : -(centre - 2) } }
        #expect(statistics(alternating(10).dropLast()).trend == nil)
        #expect(statistics(alternating(20) + alternating(10)).trend == .improving)
        #expect(statistics(alternating(10) + alternating(20)).trend == .declining)
        #expect(statistics(alternating(10) + alternating(10.2)).trend == .stable)
        // Widely scattered halves: a lower mean alone is not enough.
        let scattered = (0..<20).map { $0.isMultiple(of: 2) ? 1.0 : 60 }
        #expect(statistics(scattered + scattered.map { $0 == 60 ? 50 : 1 }).trend == .stable)
        // Only the newest attempts count: an old bad stretch is forgotten.
        #expect(
            statistics(alternating(80) + Array(repeating: alternating(10), count: Trend.window / 20).flatMap { $0 })
                .trend == .stable)
    }

    @Test func sharpAndFlatErrorsCountByTheirSize() {
        var statistics = PitchMatchingStatistics()
        for error in [-10.0, 10, -4, 4] { statistics.add(Self.attempt(error)) }
        #expect(statistics.count == 4)
        #expect(statistics.meanAbsoluteError == Cents(7))
        #expect(abs(statistics.standardDeviation!.rawValue - (12.0).squareRoot()) < 1e-12)
    }
}

extension PitchMatchingStatisticsTests {
    @Test func eachDayKeepsItsOwnMeanAbsoluteErrorInAnyOrder() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var statistics = PitchMatchingStatistics(calendar: calendar)
        let day = 86_400.0
        for (seconds, error) in [(day + 10, 6.0), (day + 20, -2), (3 * day, 9), (10, -20), (day + 30, 1)] {
            statistics.add(
                CompletedPitchMatching(
                    referenceNote: MIDINote(60)!, initialCentOffset: Cents(40), userCentError: Cents(error),
                    timestamp: Date(timeIntervalSince1970: seconds)))
        }
        #expect(statistics.days.map(\.start.timeIntervalSince1970) == [0, day, 3 * day])
        #expect(statistics.days.map(\.meanAbsoluteError) == [Cents(20), Cents(3), Cents(9)])
        #expect(statistics.count == 5)
    }
}
