import Foundation
import Logging
import PeachCore

/// The server's one trial desk for every discipline: it draws each trial (TrialSource), remembers
/// what it handed out, judges each answer, and owns the record of it.
public actor TrialService {
    /// A trial as handed to a client, with the settings it was made under.
    public struct Issued: Sendable {
        public let id: String
        public let trial: Trial
        public let settings: TrainingSettings
    }

    public enum AnswerError: Error, Equatable {
        case unknown(id: String)
        case alreadyAnswered(id: String)
        /// The answer does not fit the trial (higher/lower for a matching trial, a slider value for
        /// a sung one…): `expected` is the trial's discipline, which says what it takes.
        case wrongKind(id: String, expected: Discipline)
        case notSaved(String)
    }

    private let store: any TrainingDataStore
    private let profile: ProfileService
    private let settings: SettingsService
    private let source: TrialSource
    private let environment: ServerEnvironment
    private var pending = PendingTrials<Issued>()
    private let logger: Logger

    public init(
        store: any TrainingDataStore, settings: SettingsService, profile: ProfileService,
        environment: ServerEnvironment, logger: Logger
    ) async throws(DataStoreError) {
        self.store = store
        self.profile = profile
        self.settings = settings
        self.environment = environment
        self.logger = logger
        // Each chain continues from its newest stored answer, across restarts.
        source = TrialSource(
            lastAnswers: try await store.lastComparisons(), coldStarts: await profile.coldStarts,
            generator: environment.generator)
    }

    /// Made with the settings as they are now, so a change applies to the very next trial.
    public func next(_ discipline: Discipline) async -> Issued {
        let settings = await self.settings.current.training
        let trial = await source.next(discipline, settings: settings)
        let issued = Issued(id: environment.makeID(), trial: trial, settings: settings)
        _ = pending.issue(issued, id: issued.id)
        return issued
    }

    /// The kind of the open trial `id`, if there is one (the old per-kind routes answer 404 for
    /// a trial of the other kind, as they always did for ids they never issued).
    public func kind(of id: String) -> Discipline.Kind? { pending.trial(id)?.trial.discipline.kind }

    /// Judges and stores the answer before returning, so a returned value means it is on disk.
    public func answer(_ id: String, _ answer: TrialAnswer) async throws(AnswerError) -> TrainingRecord {
        switch pending.lookup(id) {
        case .unknown: throw .unknown(id: id)
        case .alreadyAnswered: throw .alreadyAnswered(id: id)
        case .pending: break
        }
        let issued = pending.trial(id)!
        guard let record = issued.trial.judge(answer, at: environment.now()) else {
            throw .wrongKind(id: id, expected: issued.trial.discipline)
        }
        // Resolved before the await so a concurrent duplicate answer sees 409, not a second save.
        pending.resolve(id)
        do {
            try await store.save(record)
        } catch {
            logger.error("answer not saved", metadata: ["id": "\(id)", "error": "\(error)"])
            pending.reopen(issued, id: id)
            throw .notSaved(error.description)
        }
        await source.didComplete(record)
        await profile.record(record)
        return record
    }

    /// After the stored history changed wholesale (a reset, an import): open trials are forgotten
    /// and every chain continues from its newest stored answer, or starts cold, as after a restart.
    public func continueFromStoredAnswers() async throws(DataStoreError) {
        pending.discardAll()
        await source.restart(lastAnswers: try await store.lastComparisons(), coldStarts: await profile.coldStarts)
    }
}
