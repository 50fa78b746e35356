import Foundation

/// Supplies the next trial of a kind and hears of each answer, so its chain continues.
public protocol TrialSupplying<Kind>: Sendable {
    associatedtype Kind: TrainingKind
    func next() async -> Kind.Trial
    func didComplete(_ record: Kind.Record) async
}

extension TrialFeed: TrialSupplying {}

/// Runs a ChoiceSession's effects through the ports (the note player, the clock, the store) and
/// feeds their outcomes back; the rules are the reducer's and the kind's.
public actor ChoiceSessionDriver<Kind: ChoiceTrainingKind>: SessionDriving {
    var session: ChoiceSession<Kind>
    private let player: any NotePlayer
    let store: any TrainingDataStore
    private let source: any TrialSupplying<Kind>
    let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let onFeedback: @Sendable (Kind.Record) -> Void
    let onError: @Sendable (any Error) -> Void
    var generation = 0
    var waitTask: Task<Void, Never>?
    private var soundTask: Task<Void, Never>?

    public init(
        settings: TrainingSettings, player: any NotePlayer, store: any TrainingDataStore, source: any TrialSupplying<Kind>,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = Date.init,
        onFeedback: @escaping @Sendable (Kind.Record) -> Void = { _ in },
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        session = ChoiceSession(settings: settings)
        self.player = player
        self.store = store
        self.source = source
        self.clock = clock
        self.now = now
        self.onFeedback = onFeedback
        self.onError = onError
    }

    public var state: ChoiceState<Kind> { session.state }

    public func start() async { await send(.start) }

    public func answer(_ answer: Kind.Answer) async { await send(.answered(answer, at: now())) }

    public func stop() async { await discard() }

    func perform(_ effect: ChoiceEffect<Kind>) async {
        let generation = self.generation
        switch effect {
        case .chooseNext:
            let next = await source.next()
            await sendIfCurrent(.trialReady(next), generation)
        case let .play(sounding):
            soundTask = Task { [self] in
                do throws(AudioError) {
                    try await play(sounding)
                } catch {
                    onError(error)
                    await sendIfCurrent(.audioFailed, generation)
                }
            }
        case .stopSound:
            // A cancelled sound releases what it holds with the ramp and plays nothing more.
            soundTask?.cancel()
        case let .wait(duration, then: event):
            wait(duration, then: event, generation)
        case let .record(completed):
            await save(TrainingRecord(completed))
            await source.didComplete(completed)
        case let .showFeedback(completed):
            onFeedback(completed)
        }
    }

    /// Each group of tones at its time: started together, held for their duration (or until
    /// cancelled), released. Groups may overlap (an arpeggio's notes ring on together), so every
    /// start and release is one event on a single timeline; at the same moment a release comes first.
    private func play(_ sounding: [SoundingTones]) async throws(AudioError) {
        let events = sounding.indices.flatMap { index in
            let group = sounding[index]
            return [(time: group.start, order: 1, group: index), (time: group.start + (group.tones.map(\.duration).max() ?? .zero), order: 0, group: index)]
        }.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
        var ringing: [Int: [any PlaybackHandle]] = [:]
        let sleep = clock.timeline()
        var now = Duration.zero
        for event in events {
            if event.time > now {
                guard (try? await sleep(event.time)) != nil else { break }
                now = event.time
            } else if Task.isCancelled {
                break
            }
            guard event.order == 1 else {
                for handle in ringing.removeValue(forKey: event.group) ?? [] { await handle.stop() }
                continue
            }
            do throws(AudioError) {
                for tone in sounding[event.group].tones { ringing[event.group, default: []].append(try await player.play(tone.frequency, level: tone.level)) }
            } catch {
                for handle in ringing.values.joined() { await handle.stop() }
                throw error
            }
        }
        for handle in ringing.values.joined() { await handle.stop() }
    }
}

extension Clock where Duration == Swift.Duration {
    /// Sleeps until a time from now, not for a gap since the last wake-up: late wake-ups do not add
    /// up, and a test clock moved past several times at once ends every sleep it passed.
    func timeline() -> @Sendable (Duration) async throws -> Void {
        let start = now
        return { offset in try await sleep(until: start.advanced(by: offset), tolerance: nil) }
    }
}
