import Foundation

/// What every session driver does the same way: feed events to its reducer, perform the effects
/// through the ports, and make sure an effect of a discarded trial — a note ending, a wait
/// elapsing — never reaches the next one. A driver adds only the effects of its own kind.
protocol SessionDriving: Actor {
    associatedtype Session: SessionReducer

    var session: Session { get set }
    /// Bumped on every stop; an effect started under an older generation is dropped.
    var generation: Int { get set }
    var waitTask: Task<Void, Never>? { get set }
    var clock: any Clock<Duration> { get }
    var store: any TrainingDataStore { get }
    var onError: @Sendable (any Error) -> Void { get }

    func perform(_ effect: Session.Effect) async
}

extension SessionDriving {
    func send(_ event: Session.Event) async {
        for effect in session.handle(event) {
            await perform(effect)
        }
    }

    func sendIfCurrent(_ event: Session.Event, _ generation: Int) async {
        guard generation == self.generation else { return }
        await send(event)
    }

    /// Discards the running trial and everything it still has under way.
    func discard() async {
        generation += 1
        waitTask?.cancel()
        await send(Session.stopEvent)
    }

    func wait(_ duration: Duration, then event: Session.Event, _ generation: Int) {
        waitTask = Task { [self] in
            guard (try? await clock.sleep(for: duration)) != nil else { return }
            await sendIfCurrent(event, generation)
        }
    }

    /// Plays `tone` in a task of its own (cancel it to release the note early); sends `ended()` when
    /// the note has ended, `failed` when the sound could not play.
    func play(
        _ tone: Tone, on player: any NotePlayer, then ended: @escaping @Sendable () -> Session.Event,
        failed: Session.Event, _ generation: Int
    ) -> Task<Void, Never> {
        Task { [self] in
            do throws(AudioError) {
                try await player.play(tone, clock: clock)
                await sendIfCurrent(ended(), generation)
            } catch {
                onError(error)
                await sendIfCurrent(failed, generation)
            }
        }
    }

    func save(_ record: TrainingRecord) async {
        do throws(DataStoreError) {
            try await store.save(record)
        } catch {
            // A lost record is better than an interrupted session: a failed write is reported
            // and training goes on.
            onError(error)
        }
    }
}
