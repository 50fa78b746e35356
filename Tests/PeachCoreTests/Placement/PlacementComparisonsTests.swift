import Foundation
import Testing
@testable import PeachCore

struct PlacementComparisonsTests {
    actor Results {
        var estimates: [ThresholdEstimate] = []
        func add(_ estimate: ThresholdEstimate) { estimates.append(estimate) }
    }

    /// Each comparison is played at the placement's next difference, inside the note range; after
    /// `limit` answers the run is finished, says its estimate once, and places no more answers.
    @Test func eachComparisonIsAtThePlacementsDifferenceAndTheRunEndsAtItsLimit() async throws {
        var settings = TrainingSettings.default
        settings.noteRange = try NoteRange(lower: 55, upper: 67)
        let results = Results()
        let source = PlacementComparisons(settings: settings, limit: 3) { estimate in Task { await results.add(estimate) } }
        for index in 0..<4 {
            let expected = await source.placement.nextDifference
            let comparison = await source.nextComparison()
            #expect(abs(comparison.centOffset.rawValue) == expected)
            #expect(settings.noteRange.contains(comparison.note1))
            await source.didComplete(CompletedComparison(
                comparison, answer: comparison.correctAnswer, timestamp: Date(timeIntervalSince1970: Double(index))))
            #expect(await source.isFinished == (index >= 2))
        }
        #expect(await source.placement.trials.count == 3)
        try await Task.sleep(for: .milliseconds(50))
        #expect(await results.estimates.count == 1)
    }
}
