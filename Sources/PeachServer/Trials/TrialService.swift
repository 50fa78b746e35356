import Foundation
import Logging
import PeachCore
import PeachServices

/// The server's one trial desk for every discipline: it draws each trial (TrialSource), remembers
/// what it handed out (in memory, and in the store so an answer still counts after a restart),
/// judges each answer, and owns the record of it.
public actor TrialService {
    /// A trial as handed to a client, with the settings it was made under.
    public struct Issued: Sendable {
        public let id: String
        public let trial: Trial
        public let settings: TrainingSettings
        /// An answer cannot have been given before the trial existed.
        public let issuedAt: Date
        /// The assignment task it was drawn for, if any.
        public let task: Int64?

        var open: OpenTrial { OpenTrial(id: id, trial: trial, issuedAt: issuedAt, task: task) }
    }

    /// A trial drawn for an assignment task: with the task's settings, not the student's own.
    public struct TaskDraw: Sendable {
        public let task: Int64
        public let settings: TrainingSettings
    }

    /// How long ago the user answered, as the client says (it may send the answer much later,
    /// after a network loss): the record keeps the answer's time, not the arrival's.
    public static let answerAgeLimit = Duration.seconds(7 * 86_400)

    public enum AnswerError: Error, Equatable {
        case unknown(id: String)
        case alreadyAnswered(id: String)
        /// The answer does not fit the trial (higher/lower for a matching trial, a slider value for
        /// a sung one…): `expected` is the trial's discipline, which says what it takes.
        case wrongKind(id: String, expected: Discipline)
        /// The Idempotency-Key names an answer to another trial, or another answer to this one:
        /// a retry is the same request again, so this is a client's mistake, and nothing is saved.
        case keyReused(key: AnswerKey)
        case notSaved(String)
    }

    /// No trial is handed out that the store could not keep: its answer would find no open trial
    /// after a restart (a 404 for an answer the user gave), and the store that refused the trial
    /// (a full disk) would refuse the answer too.
    public struct NotStored: Error, Equatable {
        public let reason: String
    }

    private let store: any TrainingDataStore & OpenTrialStore
    private let profile: ProfileService
    private let settings: SettingsService
    private let source: TrialSource
    private let environment: ServerEnvironment
    private var pending = PendingTrials<OpenTrial>()
    /// Requests waiting for the save of an answer under their key: a retry that arrives while the
    /// first attempt is still being stored gets its result too.
    private var saving: [AnswerKey: [CheckedContinuation<TrainingRecord?, Never>]] = [:]
    /// What each recent key answered (the trial and the answer), so that a key sent again with
    /// another trial or answer is told apart from a retry. Bounded as the pending trials are; after
    /// a restart the store still tells a key used for another trial (that trial is open there).
    private var keyBindings = KeyBindings()
    private let logger: Logger
    /// Answers whose result the page showed otherwise than the server judged it, since the start
    /// (the routes log each one).
    public private(set) var disagreements = 0
    /// Told of each answer once it is stored, with the trial it answered (an assignment counts it).
    private var saved: (@Sendable (TrainingRecord, OpenTrial) async -> Void)?

    public init(
        store: any TrainingDataStore & OpenTrialStore, settings: SettingsService, profile: ProfileService,
        environment: ServerEnvironment, logger: Logger
    ) async throws(DataStoreError) {
        self.store = store
        self.profile = profile
        self.settings = settings
        self.environment = environment
        self.logger = logger
        // Each chain continues from its newest stored answer, across restarts.
        source = TrialSource(
            chains: try await TrialChains.resuming(from: store, profile: await profile.parts),
            generator: environment.generator)
    }

    /// `hook` hears of each answer stored from now on, once: a retry answered from the store is not told.
    public func onSaved(_ hook: @escaping @Sendable (TrainingRecord, _ trial: OpenTrial) async -> Void) {
        saved = hook
    }

    /// The rhythm disciplines' tempo setting, as the next trial will use it.
    public var tempo: TempoBPM {
        get async { await settings.current.training.tempo }
    }

    /// Made with the settings as they are now, so a change applies to the very next trial.
    public func next(_ discipline: Discipline, for task: TaskDraw? = nil) async throws(NotStored) -> Issued {
        let issued = await issue(discipline, for: task)
        try await keepOpen([issued])
        return issued
    }

    /// `count` trials of `discipline` drawn now, for a client to play while it cannot reach the
    /// server: a comparison chain's all at its current difference (the chain moves on with each
    /// answer that arrives later). Each is open for its answer like any other trial.
    public func reserve(_ discipline: Discipline, count: Int, for task: TaskDraw? = nil) async throws(NotStored)
        -> [Issued]
    {
        var trials: [Issued] = []
        for _ in 0..<count { trials.append(await issue(discipline, for: task)) }
        try await keepOpen(trials)
        return trials
    }

    private func issue(_ discipline: Discipline, for task: TaskDraw?) async -> Issued {
        let settings: TrainingSettings
        if let task { settings = task.settings } else { settings = await self.settings.current.training }
        let trial = await source.next(discipline, settings: settings)
        let issued = Issued(
            id: environment.makeID(), trial: trial, settings: settings, issuedAt: environment.now(), task: task?.task)
        pending.issue(issued.open, id: issued.id)
        return issued
    }

    /// Stored all at once, so that a session's reserve shares a few group commits instead of
    /// waiting for one each (hundreds of trials). If any is refused, none is handed out; those
    /// stored expire unanswered.
    private func keepOpen(_ trials: [Issued]) async throws(NotStored) {
        let store = self.store
        let failures = await withTaskGroup(of: (String, String)?.self) { group in
            for issued in trials {
                let open = issued.open
                group.addTask {
                    do {
                        try await store.open(open, keptFor: Self.answerAgeLimit)
                        return nil
                    } catch {
                        return (open.id, "\(error)")
                    }
                }
            }
            return await group.reduce(into: [(String, String)]()) { if let failure = $1 { $0.append(failure) } }
        }
        guard let failure = failures.first else { return }
        for issued in trials { pending.withdraw(issued.id) }
        logger.error(
            "open trial not stored",
            metadata: [
                "id": "\(failure.0)", "error": "\(failure.1)", "refused": "\(failures.count) of \(trials.count)",
            ])
        throw NotStored(reason: failure.1)
    }

    /// The open trial `id`, if there is one: Fill the Gap's answer lists each tap judged against
    /// it, and a task's trial is followed by the task's next.
    public func openTrial(_ id: String) async -> OpenTrial? {
        await restoreIfStored(id)
        return pending.trial(id)
    }

    func disagreed() { disagreements += 1 }

    /// The kind of the open trial `id`, if there is one (the old per-kind routes answer 404 for
    /// a trial of the other kind, as they always did for ids they never issued).
    public func kind(of id: String) async -> Discipline.Kind? {
        await restoreIfStored(id)
        return pending.trial(id)?.trial.discipline.kind
    }

    /// Judges and stores the answer before returning, so a returned value means it is on disk.
    /// With a key, a repeat of an answer already stored under that key returns the original
    /// result instead of 409: the client's retry after a lost response.
    public func answer(
        _ id: String, _ answer: TrialAnswer, key: AnswerKey? = nil, age: Duration = .zero
    ) async throws(AnswerError) -> TrainingRecord {
        if let key, let bound = keyBindings[key], bound != KeyBindings.Binding(trial: id, answer: answer) {
            throw .keyReused(key: key)
        }
        if pending.lookup(id) == .unknown, let key, let earlier = try await earlierAnswer(key) { return earlier }
        await restoreIfStored(id)
        let lookup = pending.lookup(id)
        guard lookup == .pending else {
            if let key {
                if let earlier = try await earlierAnswer(key) { return earlier }
                // The first attempt under this key failed to save and reopened the trial.
                if pending.lookup(id) == .pending { return try await self.answer(id, answer, key: key, age: age) }
            }
            throw lookup == .unknown ? .unknown(id: id) : .alreadyAnswered(id: id)
        }
        let issued = pending.trial(id)!
        let now = environment.now()
        let answeredAt = max(issued.issuedAt, now.addingTimeInterval(-age.seconds))
        guard let record = issued.trial.judge(answer, at: answeredAt) else {
            throw .wrongKind(id: id, expected: issued.trial.discipline)
        }
        // This trial is open, so an answer being saved under the key is another trial's.
        if let key, saving[key] != nil { throw .keyReused(key: key) }
        // Resolved before the await so a concurrent duplicate answer sees 409, not a second save.
        pending.resolve(id)
        if let key { saving[key] = [] }
        do {
            try await store.save(record, key: key, closing: id)
        } catch {
            finishSaving(key, nil)
            // Another instance took this trial's answer meanwhile: under this key (its result is
            // this answer's), or under another (this one is a second answer). If the trial is
            // still open there, the key was taken by an answer to another trial.
            if let key, let earlier = try await earlierAnswer(key) {
                guard (try? await store.openTrial(id: id)) != nil else { return earlier }
                pending.reopen(issued, id: id)
                throw .keyReused(key: key)
            }
            if case .trialNotOpen = error { throw .alreadyAnswered(id: id) }
            logger.error("answer not saved", metadata: ["id": "\(id)", "error": "\(error)"])
            pending.reopen(issued, id: id)
            throw .notSaved(error.description)
        }
        if let key { keyBindings[key] = KeyBindings.Binding(trial: id, answer: answer) }
        finishSaving(key, record)
        await source.didComplete(record)
        await profile.record(record)
        await saved?(record, issued)
        return record
    }

    /// A trial issued before a restart is in the store, not in memory. An unreadable store leaves it
    /// unknown for now (404); the client keeps the answer and retries.
    private func restoreIfStored(_ id: String) async {
        guard pending.lookup(id) == .unknown else { return }
        let stored: OpenTrial?
        do {
            stored = try await store.openTrial(id: id)
        } catch {
            logger.error("open trial not read", metadata: ["id": "\(id)", "error": "\(error)"])
            return
        }
        // Checked again: another request may have restored or answered it during the read.
        if let stored, pending.lookup(id) == .unknown { pending.issue(stored, id: id) }
    }

    /// A store that cannot be read is not "no earlier answer": that would turn the client's
    /// retry into a 409 and lose its result.
    private func earlierAnswer(_ key: AnswerKey) async throws(AnswerError) -> TrainingRecord? {
        if saving[key] != nil {
            return await withCheckedContinuation { saving[key, default: []].append($0) }
        }
        do throws(DataStoreError) {
            return try await store.record(savedUnder: key)
        } catch {
            logger.error("answer key not read", metadata: ["key": "\(key.rawValue)", "error": "\(error)"])
            throw .notSaved(error.description)
        }
    }

    private func finishSaving(_ key: AnswerKey?, _ record: TrainingRecord?) {
        guard let key else { return }
        for waiting in saving.removeValue(forKey: key) ?? [] { waiting.resume(returning: record) }
    }

    /// After the stored history changed wholesale (a reset, an import): every chain continues from
    /// its newest stored answer, or starts cold, as after a restart. The trials handed out stay open
    /// until answered or expired: a phone trains offline on its reserve for up to a week, and an
    /// import from another device must not turn that week's answers into 404s.
    public func continueFromStoredAnswers() async throws(DataStoreError) {
        await source.restart(chains: try await TrialChains.resuming(from: store, profile: await profile.parts))
    }
}
