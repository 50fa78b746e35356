import Foundation

/// Runs a SingingSession's effects through the ports and feeds their outcomes back as events; the
/// microphone's frames come in through `heard(_:)`. Every decision stays with the reducer.
public actor SingingSessionDriver: SessionDriving {
    var session: SingingSession
    private let player: any NotePlayer
    let store: any TrainingDataStore
    private let source: any PitchMatchingChallengeSource
    let clock: any Clock<Duration>
    /// Seconds on the capture's clock, the one `HeardPitch.time` is measured on.
    private let captureTime: @Sendable () -> Double
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (CompletedPitchMatching) -> Void
    private let onSilence: @Sendable () -> Void
    private let onListening: @Sendable (Double?) -> Void
    let onError: @Sendable (any Error) -> Void
    var generation = 0
    var waitTask: Task<Void, Never>?
    private var referenceTask: Task<Void, Never>?

    public init(
        timing: PitchMatchingSession.Timing, rules: SingingRules = .standard, player: any NotePlayer, store: any TrainingDataStore,
        source: any PitchMatchingChallengeSource, clock: any Clock<Duration>,
        captureTime: @escaping @Sendable () -> Double, now: @escaping @Sendable () -> Date = Date.init,
        onFeedback: @escaping @Sendable (CompletedPitchMatching) -> Void = { _ in },
        onSilence: @escaping @Sendable () -> Void = {},
        onListening: @escaping @Sendable (_ from: Double?) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        session = SingingSession(timing: timing, rules: rules)
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.captureTime = captureTime
        self.now = now
        self.onFeedback = onFeedback
        self.onSilence = onSilence
        self.onListening = onListening
        self.onError = onError
    }

    public var state: SingingState { session.state }

    public func start() async { await send(.start) }

    public func heard(_ frame: HeardPitch) async { await send(.heard(frame, at: now())) }

    public func commitNow() async { await send(.commitNow(at: now())) }

    public func stop() async { await discard() }

    func perform(_ effect: SingingEffect) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.nextChallenge()
            await sendIfCurrent(.challengeReady(next), generation)
        case let .playReference(tone):
            let captureTime = captureTime
            referenceTask = play(tone, on: player, then: { .referenceEnded(at: captureTime()) }, failed: .audioFailed, generation)
        case .stopReference:
            referenceTask?.cancel()
        case let .listen(from):
            onListening(from)
        case .stopListening:
            onListening(nil)
        case .promptSilence:
            onSilence()
        case let .record(completed):
            await save(.matching(completed))
        case let .showFeedback(completed):
            onFeedback(completed)
        case let .wait(duration, then: event):
            wait(duration, then: event, generation)
        }
    }
}
