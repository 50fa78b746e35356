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

    /// Settings that live only in memory (no file): the service reads them per challenge.
    struct MemorySettingsStore: SettingsStore {
        func loadSettings() async throws(DataStoreError) -> SettingsUpdate? { nil }
        func save(_ settings: PeachSettings) async throws(DataStoreError) {}
    }

    func makeService(store: any TrainingDataStore, settings: SettingsUpdate = SettingsUpdate(), seed: UInt64) async throws -> PitchMatchingService {
        let settingsService = try await SettingsService(store: MemorySettingsStore(), logger: Logger(label: "test"))
        _ = try await settingsService.update(settings)
        return PitchMatchingService(
            store: store, settings: settingsService, profile: ProfileService(profile: PerceptualProfile(calendar: .current)),
            logger: Logger(label: "test"), generator: SeededGenerator(seed: seed))
    }

    @Test func aFailedSaveLeavesTheChallengeOpenForARetry() async throws {
        let store = FlakyStore()
        let service = try await makeService(store: store, seed: 3)
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
        let service = try await makeService(
            store: FlakyStore(), settings: SettingsUpdate(noteRangeLower: 60, noteRangeUpper: 72), seed: 9)
        let range = try NoteRange(lower: 60, upper: 72)
        for _ in 0..<200 {
            let issued = await service.next()
            #expect(range.contains(issued.challenge.referenceNote))
            #expect(issued.challenge.initialCentOffset.magnitude <= PitchMatchingChallenge.defaultCentRange)
        }
    }
}
