import Foundation
import Testing

@testable import PeachCore

/// The session loop's driver places timestamped note-ons on the clicks a mock player reports
/// audible, and stores the kind's record in the in-memory store, on a test clock.
struct FillTheGapSessionDriverTests {
    /// Reports every pattern heard from `zero` onwards on the keyboard's clock, as an output would.
    struct MockClickPlayer: AudibleClickPlayer {
        let zero: Double
        let patterns = Log<[Double]>()
        let stops = Log<Bool>()
        var failure: AudioError?
        func play(onsets: [Double]) async throws(AudioError) -> Double {
            if let failure { throw failure }
            patterns.append(onsets)
            return zero
        }
        func stop() async { stops.append(true) }
    }

    actor FixedSource: TrialSupplying {
        typealias Kind = RhythmMatchingKind
        let trial: RhythmMatchingTrial
        var completed: [CompletedRhythmMatching] = []
        init(_ trial: RhythmMatchingTrial) { self.trial = trial }
        func next() -> RhythmMatchingTrial { trial }
        func didComplete(_ record: CompletedRhythmMatching) { completed.append(record) }
    }

    let trial = RhythmMatchingTrial(tempo: TempoBPM(90)!, gapPositions: (0..<16).map { ($0 * 3) % 4 })
    let zero = 81_234.567_891
    let key = MIDINote(64)!

    func makeDriver(
        latency: Double = 0, player: MockClickPlayer, store: InMemoryTrainingDataStore, clock: ManualClock,
        feedback: Log<FillTheGapFeedback> = Log()
    ) -> (TrainingSessionDriver<FillTheGapPiece>, FixedSource) {
        let source = FixedSource(trial)
        let driver = TrainingSessionDriver(
            FillTheGapPiece(settings: .default, latencySeconds: latency), player: TappedClickPlayer(player),
            store: store, source: source,
            clock: clock, now: { Date(timeIntervalSince1970: 42) }, onFeedback: { feedback.append($0) })
        return (driver, source)
    }

    @Test func aTapsStoredOffsetIsItsTimestampsWithinAMillisecond() async throws {
        let clock = ManualClock()
        let player = MockClickPlayer(zero: zero)
        let store = InMemoryTrainingDataStore()
        let feedback = Log<FillTheGapFeedback>()
        let latency = 0.0173
        let (driver, source) = makeDriver(
            latency: latency, player: player, store: store, clock: clock, feedback: feedback)

        await driver.start()
        #expect(await eventually { await driver.state == .answering(trial, TapAttempt(zero: zero, taps: [])) })
        #expect(player.patterns.all == [trial.clickSeconds])
        // 12.3 ms late on gap 2, 4.1 ms early on gap 5, as heard through a keyboard 17.3 ms slow.
        await driver.input(.midi(.noteOn(key, velocity: 80), at: zero + trial.gapSeconds[2] + 0.0123 + latency))
        await driver.input(.midi(.noteOff(key), at: zero + trial.gapSeconds[3] + latency))
        await driver.input(.midi(.noteOn(key, velocity: 0), at: zero + trial.gapSeconds[4] + latency))
        await driver.input(.midi(.noteOn(key, velocity: 80), at: zero + trial.gapSeconds[5] - 0.0041 + latency))
        #expect(await store.records(nil, limit: 10).isEmpty, "nothing is stored before the trial ends")

        await advance(clock, by: FillTheGapPiece.duration(of: trial))
        #expect(await eventually { await store.records(nil, limit: 10).count == 1 })
        let stored = try #require(
            try await store.records(CompletedRhythmMatching.self, .rhythmMatching, limit: 10).first)
        #expect(stored.hitRate == 2.0 / 16, "the note-off and the velocity-0 note-on are no taps")
        let byPosition = stored.meanOffsetMsByPosition
        #expect(abs(byPosition[trial.gapPositions[2]]! - 12.3) < 1)
        #expect(abs(byPosition[trial.gapPositions[5]]! - -4.1) < 1)
        #expect(abs(stored.meanOffsetMs! - (12.3 - 4.1) / 2) < 1)
        let expected = RhythmMatchingKind.judge(
            trial, TapAnswer(seconds: [trial.gapSeconds[2] + 0.0123, trial.gapSeconds[5] - 0.0041]),
            at: Date(timeIntervalSince1970: 42))!
        #expect(await source.completed.count == 1)
        #expect(feedback.all.count == 1)
        for (actual, wanted) in zip(
            [stored.meanOffsetMs!, stored.offsetSDMs!], [expected.meanOffsetMs!, expected.offsetSDMs!])
        {
            #expect(abs(actual - wanted) < 1e-6)
        }

        await advance(clock, by: SessionRules.feedbackDuration)
        #expect(await eventually { player.patterns.all.count == 2 }, "the next trial follows the feedback")
        await driver.stop()
    }

    @Test func stoppingSilencesTheClicksAndStoresNothing() async throws {
        let clock = ManualClock()
        let player = MockClickPlayer(zero: zero)
        let store = InMemoryTrainingDataStore()
        let (driver, _) = makeDriver(player: player, store: store, clock: clock)
        await driver.start()
        #expect(await eventually { player.patterns.all.count == 1 })
        await driver.input(.midi(.noteOn(key, velocity: 80), at: zero + trial.gapSeconds[0]))
        await driver.stop()
        clock.advance(by: .seconds(30))
        #expect(await driver.state == .idle)
        #expect(player.stops.all == [true])
        #expect(await store.records(nil, limit: 10).isEmpty)
    }

    @Test func aLostSoundEndsTheSessionQuietly() async throws {
        var player = MockClickPlayer(zero: zero)
        player.failure = .deviceUnavailable("gone")
        let (driver, _) = makeDriver(player: player, store: InMemoryTrainingDataStore(), clock: ManualClock())
        await driver.start()
        #expect(await eventually { await driver.state == .idle })
    }
}
