import Foundation
import Testing

@testable import PeachCore

/// The session loop's driver plays Compare Timing through a mock click player and stores the
/// answers in the in-memory store, on a test clock.
struct RhythmComparisonSessionDriverTests {
    struct MockClickPlayer: ClickPlayer {
        let patterns = Log<[Double]>()
        let stops = Log<Bool>()
        var failure: AudioError?
        func play(onsets: [Double]) async throws(AudioError) {
            if let failure { throw failure }
            patterns.append(onsets)
        }
        func stop() async { stops.append(true) }
    }

    actor FixedSource: TrialSupplying {
        typealias Kind = RhythmComparisonKind
        let trials: [RhythmComparison]
        var served = 0
        var completed: [CompletedRhythmComparison] = []
        init(_ trials: [RhythmComparison]) { self.trials = trials }
        func next() -> RhythmComparison {
            defer { served += 1 }
            return trials[served % trials.count]
        }
        func didComplete(_ answer: CompletedRhythmComparison) { completed.append(answer) }
    }

    let first = RhythmComparison(tempo: TempoBPM(100)!, offsetPercent: 12)
    let second = RhythmComparison(tempo: TempoBPM(100)!, offsetPercent: -6)

    func makeDriver(
        player: MockClickPlayer, store: InMemoryTrainingDataStore, clock: ManualClock, feedback: Log<Bool> = Log()
    )
        -> (TrainingSessionDriver<RhythmComparisonPiece>, FixedSource)
    {
        let source = FixedSource([first, second])
        let driver = TrainingSessionDriver(
            RhythmComparisonPiece(settings: .default), player: ClickTrialPlayer(player), store: store, source: source,
            clock: clock,
            now: { Date(timeIntervalSince1970: 42) }, onFeedback: { feedback.append($0.isCorrect) })
        return (driver, source)
    }

    @Test func runsTheWholeLoopAndRecordsTheAnswer() async throws {
        let clock = ManualClock()
        let player = MockClickPlayer()
        let store = InMemoryTrainingDataStore()
        let feedback = Log<Bool>()
        let (driver, source) = makeDriver(player: player, store: store, clock: clock, feedback: feedback)

        await driver.start()
        #expect(await eventually { player.patterns.all == [first.clickSeconds] })
        #expect(await driver.state == .playing(first))
        // Too early: the displaced click has not sounded yet.
        await driver.answer(.late)
        #expect(await store.records(nil, limit: 10).isEmpty)

        await advance(clock, by: RhythmComparisonKind.session(first, settings: .default).answersOpen)
        #expect(await eventually { await driver.state == .answering(first) })
        await driver.answer(.late)
        let expected = CompletedRhythmComparison(first, answer: .late, timestamp: Date(timeIntervalSince1970: 42))
        #expect(await store.records(nil, limit: 10) == [.rhythmComparison(expected)])
        #expect(await source.completed == [expected])
        #expect(feedback.all == [true])

        await advance(clock, by: SessionRules.feedbackDuration)
        #expect(await eventually { player.patterns.all == [first.clickSeconds, second.clickSeconds] })
    }

    @Test func stoppingSilencesTheClicksAndStoresNothing() async throws {
        let clock = ManualClock()
        let player = MockClickPlayer()
        let store = InMemoryTrainingDataStore()
        let (driver, _) = makeDriver(player: player, store: store, clock: clock)
        await driver.start()
        #expect(await eventually { player.patterns.all.count == 1 })
        await driver.stop()
        clock.advance(by: .seconds(5))
        #expect(await driver.state == .idle)
        #expect(player.stops.all == [true])
        #expect(await store.records(nil, limit: 10).isEmpty)
        #expect(player.patterns.all.count == 1, "no next trial after a stop")
    }

    @Test func aLostSoundEndsTheSessionQuietly() async throws {
        let clock = ManualClock()
        var player = MockClickPlayer()
        player.failure = .deviceUnavailable("gone")
        let (driver, _) = makeDriver(player: player, store: InMemoryTrainingDataStore(), clock: clock)
        await driver.start()
        #expect(await eventually { await driver.state == .idle })
    }
}
