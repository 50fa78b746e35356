import Foundation

/// Supplies the next Which Voice trial and hears of each answer, so the chain continues.
public protocol ChordIntonationSource: Sendable {
    func nextChordIntonation() async -> ChordIntonationTrial
    func didComplete(_ answer: CompletedChordIntonation) async
}

/// Runs a ChordIntonationSession's effects through the ports (the note player, the clock, the
/// store) and feeds their outcomes back; the rules are the reducer's.
public actor ChordIntonationSessionDriver: SessionDriving {
    var session: ChordIntonationSession
    private let player: any NotePlayer
    let store: any TrainingDataStore
    private let source: any ChordIntonationSource
    let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (CompletedChordIntonation) -> Void
    let onError: @Sendable (any Error) -> Void
    var generation = 0
    var waitTask: Task<Void, Never>?
    private var chordTask: Task<Void, Never>?

    public init(
        referencePitch: ReferencePitch, player: any NotePlayer, store: any TrainingDataStore, source: any ChordIntonationSource,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = Date.init,
        onFeedback: @escaping @Sendable (CompletedChordIntonation) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        session = ChordIntonationSession(referencePitch: referencePitch)
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.now = now
        self.onFeedback = onFeedback
        self.onError = onError
    }

    public var state: ChordIntonationState { session.state }

    public func start() async { await send(.start) }

    public func answer(_ voice: ChordVoice) async { await send(.answered(voice, at: now())) }

    public func stop() async { await discard() }

    func perform(_ effect: ChordIntonationEffect) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.nextChordIntonation()
            await sendIfCurrent(.trialReady(next), generation)
        case let .playChord(tones):
            chordTask = Task { [self] in
                do throws(AudioError) {
                    try await hold(tones)
                } catch {
                    onError(error)
                    await sendIfCurrent(.audioFailed, generation)
                }
            }
        case .stopSound:
            // A cancelled chord releases its voices with the ramp.
            chordTask?.cancel()
        case let .wait(duration, then: event):
            wait(duration, then: event, generation)
        case let .record(completed):
            await save(.chordIntonation(completed))
            await source.didComplete(completed)
        case let .showFeedback(completed):
            onFeedback(completed)
        }
    }

    /// Starts every voice, holds them for the chord's duration (or until cancelled), then releases them.
    private func hold(_ tones: [Tone]) async throws(AudioError) {
        var handles: [any PlaybackHandle] = []
        do throws(AudioError) {
            for tone in tones { handles.append(try await player.play(tone.frequency, level: tone.level)) }
        } catch {
            for handle in handles { await handle.stop() }
            throw error
        }
        try? await clock.sleep(for: tones.map(\.duration).max() ?? .zero)
        for handle in handles { await handle.stop() }
    }
}

extension TrialFeed: ChordIntonationSource where Kind == ChordIntonationKind {
    public func nextChordIntonation() async -> ChordIntonationTrial { await next() }
}
