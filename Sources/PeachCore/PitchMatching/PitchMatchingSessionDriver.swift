import Foundation

/// Supplies the next pitch-matching challenge.
public protocol PitchMatchingChallengeSource: Sendable {
    func nextChallenge() async -> PitchMatchingChallenge
}

/// Runs a PitchMatchingSession's effects through the ports and feeds their outcomes back as events.
/// It owns the tunable note's PlaybackHandle; every decision stays with the reducer.
public actor PitchMatchingSessionDriver: SessionDriving {
    var session: PitchMatchingSession
    private let player: any NotePlayer
    let store: any TrainingDataStore
    private let source: any PitchMatchingChallengeSource
    let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (CompletedPitchMatching) -> Void
    let onError: @Sendable (any Error) -> Void
    var generation = 0
    var waitTask: Task<Void, Never>?
    private var referenceTask: Task<Void, Never>?
    private var tunable: (any PlaybackHandle)?
    /// A retune that arrived while the tunable note was still starting; applied once it has started.
    private var pendingRetune: Frequency?

    public init(
        timing: PitchMatchingSession.Timing, player: any NotePlayer, store: any TrainingDataStore,
        source: any PitchMatchingChallengeSource, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date = Date.init,
        onFeedback: @escaping @Sendable (CompletedPitchMatching) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        session = PitchMatchingSession(timing: timing)
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.now = now
        self.onFeedback = onFeedback
        self.onError = onError
    }

    public var state: PitchMatchingState { session.state }

    public func start() async { await send(.start) }

    public func sliderMoved(to value: NormalizedSliderValue) async { await send(.sliderMoved(value)) }

    public func commit(at value: NormalizedSliderValue) async { await send(.committed(value, at: now())) }

    public func stop() async { await discard() }

    func perform(_ effect: PitchMatchingEffect) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.nextChallenge()
            await sendIfCurrent(.challengeReady(next), generation)
        case let .playReference(tone):
            referenceTask = play(tone, on: player, then: { .referenceEnded }, failed: .audioFailed, generation)
        case .stopReference:
            // A cancelled reference task releases its note with the ramp (NotePlayer.play(_:clock:)).
            referenceTask?.cancel()
        case let .startTunable(frequency):
            pendingRetune = nil
            do throws(AudioError) {
                let handle = try await player.play(frequency, level: .zero)
                guard generation == self.generation else {
                    // Stopped while the note was starting: it has no owner any more.
                    await handle.stop()
                    return
                }
                tunable = handle
                if let retune = pendingRetune {
                    pendingRetune = nil
                    try await handle.adjustFrequency(retune)
                }
            } catch {
                await fail(error, generation)
            }
        case let .retuneTunable(frequency):
            guard let tunable else {
                pendingRetune = frequency
                return
            }
            do throws(AudioError) {
                try await tunable.adjustFrequency(frequency)
            } catch {
                await fail(error, generation)
            }
        case .stopTunable:
            let handle = tunable
            tunable = nil
            pendingRetune = nil
            await handle?.stop()
        case let .record(completed):
            await save(.matching(completed))
        case let .showFeedback(completed):
            onFeedback(completed)
        case let .wait(duration, then: event):
            wait(duration, then: event, generation)
        }
    }

    private func fail(_ error: AudioError, _ generation: Int) async {
        onError(error)
        await sendIfCurrent(.audioFailed, generation)
    }
}
