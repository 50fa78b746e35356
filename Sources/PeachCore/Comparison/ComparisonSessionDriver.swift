import Foundation

/// Supplies the next comparison; the strategy plus whatever state its chain needs.
public protocol ComparisonSource: Sendable {
    func nextComparison() async -> Comparison
    /// Lets the chain continue from the answer just given.
    func didComplete(_ comparison: CompletedComparison) async
}

/// Runs a ComparisonSession's effects through the ports and feeds their outcomes back as events.
/// It holds no rules of its own: what happens next is always the reducer's decision.
public actor ComparisonSessionDriver: SessionDriving {
    var session: ComparisonSession
    private let player: any NotePlayer
    let store: any TrainingDataStore
    private let source: any ComparisonSource
    let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (Bool) -> Void
    let onError: @Sendable (any Error) -> Void
    var generation = 0
    var waitTask: Task<Void, Never>?
    private var noteTask: Task<Void, Never>?

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

    public func stop() async { await discard() }

    func perform(_ effect: ComparisonEffect) async {
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
            wait(duration, then: event, generation)
        case let .record(completed):
            await save(.comparison(completed))
            await source.didComplete(completed)
        case let .showFeedback(isCorrect):
            onFeedback(isCorrect)
        }
    }
}
