import Foundation

/// Runs a FillTheGapSession's effects through the ports (the clicks, the clock, the store) and
/// feeds their outcomes back; the rules are the reducer's and the kind's.
public actor FillTheGapSessionDriver: SessionDriving {
    var session: FillTheGapSession
    private let player: any AudibleClickPlayer
    let store: any TrainingDataStore
    private let source: any TrialSupplying<RhythmMatchingKind>
    let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (FillTheGapFeedback) -> Void
    let onError: @Sendable (any Error) -> Void
    var generation = 0
    var waitTask: Task<Void, Never>?

    public init(
        latencySeconds: Double, player: any AudibleClickPlayer, store: any TrainingDataStore,
        source: any TrialSupplying<RhythmMatchingKind>, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = Date.init,
        onFeedback: @escaping @Sendable (FillTheGapFeedback) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        session = FillTheGapSession(latencySeconds: latencySeconds)
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.now = now
        self.onFeedback = onFeedback
        self.onError = onError
    }

    public var state: FillTheGapState { session.state }

    public func start() async { await send(.start) }

    /// A message from the keyboard with its own timestamp, on the clock the player reports on.
    public func receive(_ message: MIDIMessage, at seconds: Double) async { await send(.midi(message, at: seconds)) }

    public func stop() async { await discard() }

    func perform(_ effect: FillTheGapEffect) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.next()
            await sendIfCurrent(.trialReady(next), generation)
        case let .playClicks(trial):
            do throws(AudioError) {
                let zero = try await player.play(onsets: trial.clickSeconds)
                await sendIfCurrent(.clicksAudible(at: zero), generation)
            } catch {
                onError(error)
                await sendIfCurrent(.audioFailed, generation)
            }
        case .stopSound:
            await player.stop()
        case let .awaitEnd(duration):
            waitTask = Task { [self] in
                guard (try? await clock.sleep(for: duration)) != nil else { return }
                await sendIfCurrent(.ended(at: now()), generation)
            }
        case let .wait(duration, then: event):
            wait(duration, then: event, generation)
        case let .record(completed):
            await save(.rhythmMatching(completed))
            await source.didComplete(completed)
        case let .showFeedback(feedback):
            onFeedback(feedback)
        }
    }
}
