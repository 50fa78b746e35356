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

    @Test func sharpAndFlatErrorsCountByTheirSize() {
        var statistics = PitchMatchingStatistics()
        for error in [-10.0, 10, -4, 4] { statistics.add(Self.attempt(error)) }
        #expect(statistics.count == 4)
        #expect(statistics.meanAbsoluteError == Cents(7))
        #expect(abs(statistics.standardDeviation!.rawValue - (12.0).squareRoot()) < 1e-12)
    }
}
