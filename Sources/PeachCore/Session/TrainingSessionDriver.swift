import Foundation

/// Runs a TrainingSession's effects through the ports (the kind's `TrialPlayer`, the clock, the
/// store, the kind's own hooks) and feeds their outcomes back as events. It holds no rules: what
/// happens next is always the reducer's decision. An effect of a discarded trial — a sound ending,
/// a wait elapsing — never reaches the next one.
public actor TrainingSessionDriver<Piece: SessionPiece> {
    private var session: TrainingSession<Piece>
    private let player: any TrialPlayer<Piece.Sound>
    private let store: any TrainingDataStore
    private let source: any TrialSupplying<Piece.Kind>
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let hook: @Sendable (Piece.Effect) async throws(AudioError) -> Void
    private let onFeedback: @Sendable (Piece.Feedback) -> Void
    private let onError: @Sendable (any Error) -> Void
    /// Bumped on every stop; an effect started under an older generation is dropped.
    private var generation = 0
    private var waitTask: Task<Void, Never>?
    private var soundTask: Task<Void, Never>?

    /// - Parameter hook: performs the kind's own effects (`SessionPiece.Effect`).
    public init(
        _ piece: Piece, player: any TrialPlayer<Piece.Sound>, store: any TrainingDataStore,
        source: any TrialSupplying<Piece.Kind>,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = Date.init,
        hook: @escaping @Sendable (Piece.Effect) async throws(AudioError) -> Void = { _ in },
        onFeedback: @escaping @Sendable (Piece.Feedback) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        session = TrainingSession(piece)
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.now = now
        self.hook = hook
        self.onFeedback = onFeedback
        self.onError = onError
    }

    public var state: SessionState<Piece> { session.state }

    public func start() async { await send(.start) }

    public func answer(_ answer: Piece.Kind.Answer) async { await send(.answered(answer, at: now())) }

    public func input(_ input: Piece.Input) async { await send(.input(input, at: now())) }

    /// Discards the running trial and everything it still has under way.
    public func stop() async {
        generation += 1
        waitTask?.cancel()
        await send(.stop)
    }

    private func send(_ event: SessionEvent<Piece>) async {
        for effect in session.handle(event) {
            await perform(effect)
        }
    }

    private func sendIfCurrent(_ event: SessionEvent<Piece>, _ generation: Int) async {
        guard generation == self.generation else { return }
        await send(event)
    }

    private func perform(_ effect: SessionEffect<Piece>) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.next()
            await sendIfCurrent(.trialReady(next), generation)
        case .play(let sound, let answersOpenAt):
            soundTask = Task { [self] in
                do throws(AudioError) {
                    try await player.play(sound, answersOpen: answersOpenAt, clock: clock) { mark in
                        await sendIfCurrent(.answersOpened(at: mark), generation)
                    }
                    await sendIfCurrent(.soundEnded(at: now()), generation)
                } catch {
                    await fail(error, generation)
                }
            }
        case .stopSound:
            // A cancelled sound releases what it holds with the ramp and plays nothing more.
            soundTask?.cancel()
            await player.stop()
        case .wait(let duration, then: let event):
            waitTask = Task { [self] in
                guard (try? await clock.sleep(for: duration)) != nil else { return }
                await sendIfCurrent(event, generation)
            }
        case .record(let record):
            do throws(DataStoreError) {
                try await store.save(TrainingRecord(record))
            } catch {
                // A lost record is better than an interrupted session: a failed write is reported
                // and training goes on.
                onError(error)
            }
            await source.didComplete(record)
        case .showFeedback(let feedback):
            onFeedback(feedback)
        case .piece(let effect):
            do throws(AudioError) {
                try await hook(effect)
            } catch {
                await fail(error, generation)
            }
        }
    }

    private func fail(_ error: AudioError, _ generation: Int) async {
        onError(error)
        await sendIfCurrent(.audioFailed, generation)
    }
}

/// Supplies the next trial of a kind and hears of each answer, so its chain continues.
public protocol TrialSupplying<Kind>: Sendable {
    associatedtype Kind: TrainingKind
    func next() async -> Kind.Trial
    func didComplete(_ record: Kind.Record) async
}

extension TrialFeed: TrialSupplying {}
