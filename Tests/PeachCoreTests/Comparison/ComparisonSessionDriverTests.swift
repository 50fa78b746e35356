import Foundation
import Synchronization
import Testing

@testable import PeachCore

/// The session loop's driver plays comparisons through a mock note player and stores them in the
/// in-memory store, on a test clock.
struct ComparisonSessionDriverTests {
    actor FixedSource: TrialSupplying {
        typealias Kind = ComparisonKind
        let comparisons: [Comparison]
        var served = 0
        var completed: [CompletedComparison] = []
        init(_ comparisons: [Comparison]) { self.comparisons = comparisons }
        func next() -> Comparison {
            defer { served += 1 }
            return comparisons[served % comparisons.count]
        }
        func didComplete(_ comparison: CompletedComparison) { completed.append(comparison) }
    }

    let first = Comparison(note1: MIDINote(69)!, centOffset: Cents(30))
    let second = Comparison(note1: MIDINote(57)!, centOffset: Cents(-12))

    func makeDriver(
        player: MockNotePlayer = MockNotePlayer(), store: InMemoryTrainingDataStore = InMemoryTrainingDataStore(),
        clock: ManualClock,
        feedback: Log<Bool> = Log(), errors: Log<String> = Log()
    ) -> (TrainingSessionDriver<ChoicePiece<ComparisonKind>>, FixedSource) {
        let source = FixedSource([first, second])
        // Notes of a second, no gap.
        let driver = TrainingSessionDriver(
            ChoicePiece<ComparisonKind>(settings: .default), player: TonePlayer(player), store: store, source: source,
            clock: clock,
            now: { Date(timeIntervalSince1970: 42) }, onFeedback: { feedback.append($0.isCorrect) },
            onError: { errors.append("\($0)") })
        return (driver, source)
    }

    func reaches(
        _ driver: TrainingSessionDriver<ChoicePiece<ComparisonKind>>, _ state: SessionState<ChoicePiece<ComparisonKind>>
    ) async -> Bool {
        await eventually { await driver.state == state }
    }

    @Test func runsTheWholeLoopAndRecordsTheAnswer() async throws {
        let clock = ManualClock()
        let player = MockNotePlayer()
        let store = InMemoryTrainingDataStore()
        let feedback = Log<Bool>()
        let (driver, source) = makeDriver(player: player, store: store, clock: clock, feedback: feedback)

        await driver.start()
        #expect(await driver.state == .playing(first))
        #expect(await eventually { player.plays.all == [Frequency(hertz: 440)] })

        // Note 1 ends, note 2 starts and answers open: one moment of the sound's timeline.
        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .answering(first)))
        #expect(await eventually { player.plays.all.count == 2 })
        #expect(player.stops.all.count == 1)

        await advance(clock, by: .seconds(1))
        #expect(await eventually { player.stops.all.count == 2 })
        #expect(await driver.state == .answering(first), "answers stay open after note 2")

        await driver.answer(.higher)
        let expected = CompletedComparison(first, answer: .higher, timestamp: Date(timeIntervalSince1970: 42))
        #expect(await store.records(nil, limit: 10) == [.comparison(expected)])
        #expect(await source.completed == [expected])
        #expect(feedback.all == [true])
        #expect(await driver.state == .showingFeedback(expected))

        await advance(clock, by: .milliseconds(400))
        #expect(await reaches(driver, .playing(second)))
    }

    @Test func stoppingMidTrialDiscardsItAndSilencesTheNote() async throws {
        let clock = ManualClock()
        let player = MockNotePlayer()
        let store = InMemoryTrainingDataStore()
        let (driver, _) = makeDriver(player: player, store: store, clock: clock)
        await driver.start()
        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .answering(first)))
        #expect(await eventually { player.plays.all.count == 2 })

        await driver.stop()
        clock.advance(by: .seconds(5))
        #expect(await driver.state == .idle)
        #expect(await store.records(nil, limit: 10).isEmpty)
        // The cancelled note task releases its note on its own time.
        #expect(await eventually { player.stops.all.count == 2 })
        #expect(player.plays.all.count == 2)
    }

    @Test func anAudioFailureStopsTrainingQuietly() async throws {
        let clock = ManualClock()
        let errors = Log<String>()
        var player = MockNotePlayer()
        player.failure = .deviceUnavailable("unplugged")
        let (driver, _) = makeDriver(player: player, clock: clock, errors: errors)
        await driver.start()
        #expect(await reaches(driver, .idle))
        #expect(errors.all.count == 1)
    }

    @Test func aFailedWriteIsReportedAndTrainingGoesOn() async throws {
        let clock = ManualClock()
        let store = InMemoryTrainingDataStore()
        await store.setFailSaves(true)
        let errors = Log<String>()
        let (driver, source) = makeDriver(store: store, clock: clock, errors: errors)
        await driver.start()
        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .answering(first)))
        await driver.answer(.lower)
        #expect(errors.all.count == 1)
        #expect(await source.completed.count == 1)
        await advance(clock, by: .milliseconds(400))
        #expect(await reaches(driver, .playing(second)))
    }
}
