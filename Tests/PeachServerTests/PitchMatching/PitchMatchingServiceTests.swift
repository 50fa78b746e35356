import Foundation
import Logging
import Testing
@testable import PeachCore
@testable import PeachServer

struct PitchMatchingServiceTests {
    /// A store whose writes fail until `heal()`: the service must not lose the attempt meanwhile.
    actor FlakyStore: TrainingDataStore {
        var failing = true
        var saved: [CompletedPitchMatching] = []

        func heal() { failing = false }
        func save(_ comparison: CompletedComparison) async throws(DataStoreError) {}
        func comparisons(limit: Int) async throws(DataStoreError) -> [CompletedComparison] { [] }
        func save(_ pitchMatching: CompletedPitchMatching) async throws(DataStoreError) {
            if failing { throw .saveFailed("disk full") }
            saved.append(pitchMatching)
        }
        func pitchMatchings(limit: Int) async throws(DataStoreError) -> [CompletedPitchMatching] { saved }
    }

    @Test func aFailedSaveLeavesTheChallengeOpenForARetry() async throws {
        let store = FlakyStore()
        let service = PitchMatchingService(
            store: store, settings: .default, logger: Logger(label: "test"), generator: SeededGenerator(seed: 3))
        let issued = await service.next()
        let value = try #require(NormalizedSliderValue(0.3))
        await #expect(throws: PitchMatchingService.CommitError.notSaved("cannot save the record: disk full")) {
            try await service.commit(issued.id, at: value, timestamp: Date())
        }
        await store.heal()
        let completed = try await service.commit(issued.id, at: value, timestamp: Date())
        #expect(completed.userCentError == issued.challenge.initialCentOffset + 0.3 * Cents(100))
        #expect(await store.saved == [completed])
        await #expect(throws: PitchMatchingService.CommitError.alreadyCommitted(id: issued.id)) {
            try await service.commit(issued.id, at: value, timestamp: Date())
        }
    }

    @Test func challengesComeFromTheSettingsNoteRange() async throws {
        var settings = TrainingSettings.default
        settings.noteRange = try NoteRange(lower: 60, upper: 72)
        let service = PitchMatchingService(
            store: FlakyStore(), settings: settings, logger: Logger(label: "test"), generator: SeededGenerator(seed: 9))
        for _ in 0..<200 {
            let issued = await service.next()
            #expect(settings.noteRange.contains(issued.challenge.referenceNote))
            #expect(issued.challenge.initialCentOffset.magnitude <= PitchMatchingChallenge.defaultCentRange)
        }
    }
}
