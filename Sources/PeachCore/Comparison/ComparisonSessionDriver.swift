import Foundation

/// Supplies the next comparison; the strategy plus whatever state its chain needs.
public protocol ComparisonSource: Sendable {
    func nextComparison() async -> Comparison
    /// Lets the chain continue from the answer just given.
    func didComplete(_ comparison: CompletedComparison) async
}

/// Runs a ComparisonSession's effects through the ports and feeds their outcomes back as events.
/// It holds no rules of its own: what happens next is always the reducer's decision.
public actor ComparisonSessionDriver {
    private var session: ComparisonSession
    private let player: any NotePlayer
    private let store: any TrainingDataStore
    private let source: any ComparisonSource
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (Bool) -> Void
    private let onError: @Sendable (any Error) -> Void
    /// Bumped on every stop so that effects of a discarded trial cannot feed events into the next one.
    private var generation = 0
    private var noteTask: Task<Void, Never>?
    private var waitTask: Task<Void, Never>?

    public init(
        timing: ComparisonSession.Timing, player: any NotePlayer, store: any TrainingDataStore,
        source: any ComparisonSource, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date = Date.init,
        onFeedback: @escaping @Sendable (Bool) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        session = ComparisonSession(timing: timing)
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.now = now
        self.onFeedback = onFeedback
        self.onError = onError
    }

    public var state: ComparisonState { session.state }

    public func start() async { await send(.start) }

    public func answer(_ answer: ComparisonAnswer) async { await send(.answered(answer, at: now())) }

    public func stop() async {
        generation += 1
        waitTask?.cancel()
        await send(.stop)
    }

    private func send(_ event: ComparisonEvent) async {
        for effect in session.handle(event) {
            await perform(effect)
        }
    }

    private func perform(_ effect: ComparisonEffect) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.nextComparison()
            await sendIfCurrent(.comparisonReady(next), generation)
        case let .play(tone):
            noteTask = Task { [self] in
                do throws(AudioError) {
                    try await player.play(tone, clock: clock)
                    await sendIfCurrent(.noteEnded, generation)
                } catch {
                    onError(error)
                    await sendIfCurrent(.audioFailed, generation)
                }
            }
        case .stopSound:
            // A cancelled note task releases its note with the ramp (NotePlayer.play(_:clock:)).
            noteTask?.cancel()
        case let .wait(duration, then: event):
            waitTask = Task { [self] in
                guard (try? await clock.sleep(for: duration)) != nil else { return }
                await sendIfCurrent(event, generation)
            }
        case let .record(completed):
            do throws(DataStoreError) {
                try await store.save(completed)
            } catch {
                // A lost record is better than an interrupted session (seed story 3.2, AC 4).
                onError(error)
            }
            await source.didComplete(completed)
        case let .showFeedback(isCorrect):
            onFeedback(isCorrect)
        }
    }

    private func sendIfCurrent(_ event: ComparisonEvent, _ generation: Int) async {
        guard generation == self.generation else { return }
        await send(event)
    }
}
