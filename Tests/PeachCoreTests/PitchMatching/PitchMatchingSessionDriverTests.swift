import Foundation
import Synchronization
import Testing

@testable import PeachCore

/// The session loop's driver plays the reference and holds the tunable note (`HeldNote`) through a
/// mock player, and stores the attempt in the in-memory store, on a test clock.
struct PitchMatchingSessionDriverTests {
    enum Call: Hashable, Sendable {
        case play(Frequency)
        case adjust(Frequency)
        case stop(Frequency)
    }

    struct MockHandle: PlaybackHandle {
        let frequency: Frequency
        let calls: Log<Call>
        func stop() async { calls.append(.stop(frequency)) }
        func adjustFrequency(_ frequency: Frequency) async throws(AudioError) { calls.append(.adjust(frequency)) }
    }

    struct MockPlayer: NotePlayer {
        let calls = Log<Call>()
        /// Fails every play after the first `successes`.
        var successes = Int.max
        /// How long starting a note takes, on `clock`.
        var startDelay: (Duration, ManualClock)?
        func play(_ frequency: Frequency, level: AmplitudeDB) async throws(AudioError) -> any PlaybackHandle {
            if calls.all.filter({ if case .play = $0 { true } else { false } }).count >= successes {
                throw .deviceUnavailable("unplugged")
            }
            calls.append(.play(frequency))
            if let (delay, clock) = startDelay { try? await clock.sleep(for: delay) }
            return MockHandle(frequency: frequency, calls: calls)
        }
    }

    actor FixedSource: TrialSupplying {
        typealias Kind = MatchingKind
        let challenges: [PitchMatchingChallenge]
        var served = 0
        init(_ challenges: [PitchMatchingChallenge]) { self.challenges = challenges }
        func next() -> PitchMatchingChallenge {
            defer { served += 1 }
            return challenges[served % challenges.count]
        }
        func didComplete(_ record: CompletedPitchMatching) {}
    }

    let first = PitchMatchingChallenge(referenceNote: MIDINote(69)!, initialCentOffset: Cents(40))
    let second = PitchMatchingChallenge(referenceNote: MIDINote(57)!, initialCentOffset: Cents(-70))
    let moment = Date(timeIntervalSince1970: 42)

    func makeDriver(
        player: MockPlayer = MockPlayer(), store: InMemoryTrainingDataStore = InMemoryTrainingDataStore(),
        clock: ManualClock,
        feedback: Log<CompletedPitchMatching> = Log(), errors: Log<String> = Log()
    ) -> TrainingSessionDriver<PitchMatchingPiece> {
        let tunable = HeldNote(player)
        // Notes of a second.
        return TrainingSessionDriver(
            PitchMatchingPiece(settings: .default), player: TonePlayer(player), store: store,
            source: FixedSource([first, second]),
            clock: clock, now: { [moment] in moment },
            hook: { effect throws(AudioError) in try await tunable.perform(effect) },
            onFeedback: { feedback.append($0) }, onError: { errors.append("\($0)") })
    }

    func reaches(_ driver: TrainingSessionDriver<PitchMatchingPiece>, _ state: SessionState<PitchMatchingPiece>) async
        -> Bool
    {
        await eventually { await driver.state == state }
    }

    func tunable(_ challenge: PitchMatchingChallenge, at value: Double) -> Frequency {
        challenge.tunableFrequency(atNormalizedValue: NormalizedSliderValue(value)!, reference: .a440)
    }

    @Test func runsTheWholeLoopAndRecordsTheSignedError() async throws {
        let clock = ManualClock()
        let player = MockPlayer()
        let store = InMemoryTrainingDataStore()
        let feedback = Log<CompletedPitchMatching>()
        let driver = makeDriver(player: player, store: store, clock: clock, feedback: feedback)

        await driver.start()
        #expect(await driver.state == .playing(first))
        #expect(await eventually { player.calls.all == [.play(Frequency(hertz: 440))] })

        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .answering(first)))
        #expect(await eventually { player.calls.all.count == 3 })
        #expect(
            player.calls.all == [
                .play(Frequency(hertz: 440)), .stop(Frequency(hertz: 440)), .play(tunable(first, at: 0)),
            ])

        await driver.input(.sliderMoved(NormalizedSliderValue(-0.3)!))
        // Applied at once, or as soon as the tunable note has finished starting.
        #expect(await eventually { player.calls.all.last == .adjust(tunable(first, at: -0.3)) })

        await driver.answer(.slider(NormalizedSliderValue(-0.3)!))
        let expected = CompletedPitchMatching(
            referenceNote: MIDINote(69)!, initialCentOffset: Cents(40), userCentError: Cents(40 - 30), timestamp: moment
        )
        #expect(player.calls.all.last == .stop(tunable(first, at: 0)))
        #expect(await store.records(nil, limit: 10) == [.matching(expected)])
        #expect(feedback.all == [expected])
        #expect(await driver.state == .showingFeedback(expected))

        await advance(clock, by: .milliseconds(400))
        #expect(await reaches(driver, .playing(second)))
    }

    @Test func stoppingWhileTuningDiscardsTheAttemptAndSilencesTheNote() async throws {
        let clock = ManualClock()
        let player = MockPlayer()
        let store = InMemoryTrainingDataStore()
        let driver = makeDriver(player: player, store: store, clock: clock)
        await driver.start()
        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .answering(first)))
        await driver.input(.sliderMoved(NormalizedSliderValue(0.2)!))

        await driver.stop()
        clock.advance(by: .seconds(5))
        #expect(await driver.state == .idle)
        #expect(await store.records(nil, limit: 10).isEmpty)
        #expect(player.calls.all.last == .stop(tunable(first, at: 0)))
        #expect(player.calls.all.filter { if case .play = $0 { true } else { false } }.count == 2)
    }

    @Test func stoppingDuringTheReferenceReleasesIt() async throws {
        let clock = ManualClock()
        let player = MockPlayer()
        let driver = makeDriver(player: player, clock: clock)
        await driver.start()
        // The reference is sounding: it has begun the wait for its end.
        #expect(await eventually { clock.pendingSleeps == 1 })
        clock.advance(by: .milliseconds(300))
        await driver.stop()
        // The cancelled reference task releases its note on its own time.
        #expect(await eventually { player.calls.all == [.play(Frequency(hertz: 440)), .stop(Frequency(hertz: 440))] })
        clock.advance(by: .seconds(2))
        #expect(await driver.state == .idle)
        #expect(
            player.calls.all == [.play(Frequency(hertz: 440)), .stop(Frequency(hertz: 440))],
            "nothing plays after the stop")
    }

    @Test func aRetuneWhileTheTunableNoteStartsIsAppliedOnceItSounds() async throws {
        let clock = ManualClock()
        var player = MockPlayer()
        player.startDelay = (.milliseconds(3), clock)
        let driver = makeDriver(player: player, clock: clock)
        await driver.start()
        // The reference takes 3 ms to start, then sounds for a second.
        await advance(clock, by: .milliseconds(3))
        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .answering(first)))
        #expect(await eventually { player.calls.all.last == .play(tunable(first, at: 0)) })

        await driver.input(.sliderMoved(NormalizedSliderValue(0.5)!))
        #expect(player.calls.all.last == .play(tunable(first, at: 0)))
        await advance(clock, by: .milliseconds(3))
        #expect(await eventually { player.calls.all.last == .adjust(tunable(first, at: 0.5)) })
    }

    @Test func anAudioFailureStopsTrainingQuietly() async throws {
        let clock = ManualClock()
        let errors = Log<String>()
        var player = MockPlayer()
        player.successes = 1
        let store = InMemoryTrainingDataStore()
        let driver = makeDriver(player: player, store: store, clock: clock, errors: errors)
        await driver.start()
        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .idle))
        #expect(errors.all.count == 1)
        #expect(await store.records(nil, limit: 10).isEmpty)
    }

    @Test func aFailedWriteIsReportedAndTrainingGoesOn() async throws {
        let clock = ManualClock()
        let store = InMemoryTrainingDataStore()
        await store.setFailSaves(true)
        let errors = Log<String>()
        let driver = makeDriver(store: store, clock: clock, errors: errors)
        await driver.start()
        await advance(clock, by: .seconds(1))
        #expect(await reaches(driver, .answering(first)))
        await driver.answer(.slider(.centre))
        #expect(errors.all.count == 1)
        await advance(clock, by: .milliseconds(400))
        #expect(await reaches(driver, .playing(second)))
    }
}
