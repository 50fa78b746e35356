import Foundation

/// Supplies the next Compare Timing trial and hears of each answer, so the chain continues.
public protocol RhythmComparisonSource: Sendable {
    func nextRhythmComparison() async -> RhythmComparison
    func didComplete(_ answer: CompletedRhythmComparison) async
}

/// Runs a RhythmComparisonSession's effects through the ports (the clicks, the clock, the store)
/// and feeds their outcomes back; the rules are the reducer's.
public actor RhythmComparisonSessionDriver: SessionDriving {
    var session = RhythmComparisonSession()
    private let player: any ClickPlayer
    let store: any TrainingDataStore
    private let source: any RhythmComparisonSource
    let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (Bool) -> Void
    let onError: @Sendable (any Error) -> Void
    var generation = 0
    var waitTask: Task<Void, Never>?

    public init(
        player: any ClickPlayer, store: any TrainingDataStore, source: any RhythmComparisonSource,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = Date.init,
        onFeedback: @escaping @Sendable (Bool) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.now = now
        self.onFeedback = onFeedback
        self.onError = onError
    }

    public var state: RhythmComparisonState { session.state }

    public func start() async { await send(.start) }

    public func answer(_ answer: TimingAnswer) async { await send(.answered(answer, at: now())) }

    public func stop() async { await discard() }

    func perform(_ effect: RhythmComparisonEffect) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.nextRhythmComparison()
            await sendIfCurrent(.trialReady(next), generation)
        case let .playClicks(trial):
            do throws(AudioError) {
                try await player.play(onsets: trial.clickSeconds)
            } catch {
                onError(error)
                await sendIfCurrent(.audioFailed, generation)
            }
        case .stopSound:
            await player.stop()
        case let .wait(duration, then: event):
            wait(duration, then: event, generation)
        case let .record(completed):
            await save(.rhythmComparison(completed))
            await source.didComplete(completed)
        case let .showFeedback(isCorrect):
            onFeedback(isCorrect)
        }
    }
}
