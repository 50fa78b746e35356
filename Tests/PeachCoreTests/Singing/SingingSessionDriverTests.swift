import Foundation
import Synchronization
import Testing

@testable import PeachCore

/// The session loop's driver plays the reference through a mock player on a test clock, takes the
/// microphone's frames, and stores the sung attempt in the in-memory store.
struct SingingSessionDriverTests {
    struct SilentHandle: PlaybackHandle {
        let stops: Log<Frequency>
        let frequency: Frequency
        func stop() async { stops.append(frequency) }
        func adjustFrequency(_ frequency: Frequency) async throws(AudioError) {}
    }

    struct MockPlayer: NotePlayer {
        let played = Log<Frequency>()
        let stopped = Log<Frequency>()
        func play(_ frequency: Frequency, level: AmplitudeDB) async throws(AudioError) -> any PlaybackHandle {
            played.append(frequency)
            return SilentHandle(stops: stopped, frequency: frequency)
        }
    }

    actor FixedSource: TrialSupplying {
        typealias Kind = MatchingKind
        func next() -> PitchMatchingChallenge {
            PitchMatchingChallenge(
                .pitchSinging, referenceNote: MIDINote(57)!, initialCentOffset: .zero, centRange: .zero)
        }
        func didComplete(_ record: CompletedPitchMatching) {}
    }

    /// The capture's clock: the reference ends at 5 s on it.
    final class CaptureClock: Sendable {
        let seconds = Mutex(5.0)
    }

    @Test func theReferenceEndIsStampedOnTheCaptureClockAndAHeldNoteIsStored() async throws {
        let clock = ManualClock()
        let player = MockPlayer()
        let store = InMemoryTrainingDataStore()
        let feedback = Log<CompletedPitchMatching>()
        let capture = CaptureClock()
        let moment = Date(timeIntervalSince1970: 42)
        var settings = TrainingSettings.default
        settings.noteDurationSeconds = 0.5
        let driver = TrainingSessionDriver(
            SingingPiece(settings: settings),
            player: TonePlayer(player, inputClock: { capture.seconds.withLock { $0 } }), store: store,
            source: FixedSource(), clock: clock, now: { moment }, onFeedback: { feedback.append($0) })
        await driver.start()
        #expect(await eventually { player.played.all == [Frequency(hertz: 220)] })
        await advance(clock, by: .milliseconds(500))
        #expect(await eventually { await driver.state.acceptsAnswer })
        #expect(player.stopped.all == [Frequency(hertz: 220)])
        guard case .answering(_, let attempt) = await driver.state else { return }
        #expect(abs(attempt.listenFrom - 5.15) < 1e-9)
        // A3 an octave and 10 ¢ up, held: committed after the smoothing window and the held second.
        let sung = Frequency(note: MIDINote(69)!, offset: Cents(10))
        for time in stride(from: 5.2, to: 7, by: 0.02) {
            await driver.input(.heard(HeardPitch(time: time, frequency: sung)))
        }
        #expect(feedback.all.count == 1)
        let record = try #require(feedback.all.first)
        #expect(record.discipline == .pitchSinging && record.sungOctave == 1 && record.timestamp == moment)
        #expect(abs(record.userCentError.rawValue - 10) < 1e-6)
        #expect(await store.records(.pitchSinging, limit: 10) == [.matching(record)])
        // Frames during the feedback change nothing; then the next reference plays.
        await driver.input(.heard(HeardPitch(time: 7.1, frequency: sung)))
        await advance(clock, by: .milliseconds(400))
        #expect(await eventually { player.played.all.count == 2 })
        await driver.stop()
        #expect(await driver.state == .idle)
    }
}
