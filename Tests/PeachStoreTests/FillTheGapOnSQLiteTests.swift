import Clocks
import Foundation
import Testing

@testable import PeachCore
@testable import PeachStore

/// A terminal Fill the Gap trial from timestamped note-ons to the row in the SQLite file: the
/// driver as `peach rhythm --fill-the-gap` runs it, on a test clock and a player that reports the
/// clicks heard at a fixed moment.
struct FillTheGapOnSQLiteTests {
    struct HeardAt: AudibleClickPlayer {
        let zero: Double
        func play(onsets: [Double]) async throws(AudioError) -> Double { zero }
        func stop() async {}
    }

    actor OneTrial: TrialSupplying {
        typealias Kind = RhythmMatchingKind
        let trial: RhythmMatchingTrial
        init(_ trial: RhythmMatchingTrial) { self.trial = trial }
        func next() -> RhythmMatchingTrial { trial }
        func didComplete(_ record: CompletedRhythmMatching) {}
    }

    @Test func theStoredOffsetIsTheKeysTimestampsWithinAMillisecond() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let trial = RhythmMatchingTrial(tempo: TempoBPM(140)!, gapPositions: (0..<16).map { ($0 + 1) % 4 })
        let zero = 12_345.678_9
        let latency = 0.0095
        let clock = TestClock()
        let driver = TrainingSessionDriver(
            FillTheGapPiece(settings: .default, latencySeconds: latency),
            player: TappedClickPlayer(HeardAt(zero: zero)), store: store,
            source: OneTrial(trial), clock: clock, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        await driver.start()
        #expect(await Self.eventually { await driver.state == .answering(trial, TapAttempt(zero: zero, taps: [])) })
        let key = MIDINote(48)!
        await driver.input(.midi(.noteOn(key, velocity: 70), at: zero + trial.gapSeconds[7] + 0.0212 + latency))
        await driver.input(.midi(.noteOn(key, velocity: 0), at: zero + trial.gapSeconds[8] + latency))
        await driver.input(.midi(.noteOff(key), at: zero + trial.gapSeconds[9] + latency))
        // Once the wait for the trial's end has begun (`checkSuspension` throws from then on).
        #expect(await Self.eventually { (try? await clock.checkSuspension()) == nil })
        await clock.advance(by: FillTheGapPiece.duration(of: trial))
        #expect(await Self.eventually { (try? await store.records(.rhythmMatching, limit: 5).count) == 1 })
        await driver.stop()

        let reopened = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        let stored = try #require(
            try await reopened.records(CompletedRhythmMatching.self, .rhythmMatching, limit: 5).first)
        #expect(abs(stored.meanOffsetMs! - 21.2) < 1)
        #expect(stored.meanOffsetMsByPosition[trial.gapPositions[7]].map { abs($0 - 21.2) < 1 } == true)
        #expect(stored.hitRate == 1.0 / 16, "the velocity-0 note-on and the note-off are no taps")
        #expect(stored.tempo == TempoBPM(140)! && stored.timestamp == Date(timeIntervalSince1970: 1_800_000_000))
    }

    private static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<2000 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }
}
