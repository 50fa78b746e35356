import Hummingbird
import Logging
import PeachCore
import PeachServices

/// Each signed-in user's own Peach: their services (settings, trial chains, profile) and the same
/// router the personal Peach serves, on stores that hold only their data. Built from the database
/// on first use and kept while nothing changed it elsewhere: before each request the user's
/// revision in the database is checked, and a view behind it (another instance stored an answer)
/// is rebuilt. Instances therefore never disagree, and any of them may serve any request.
public actor UserSpaces {
    /// The stores of one user, opened; each write tells `revision`.
    public typealias Stores =
        @Sendable (UserID, KnownRevision) async throws(DataStoreError) -> (
            records: any TrainingDataStore & TrainingHistory & OpenTrialStore, settings: any SettingsStore,
            transfer: any TrainingDataTransferring
        )

    struct Space: Sendable {
        let services: AppServices
        let responder: RouterResponder<BasicRequestContext>
        let revision: KnownRevision
    }

    private var spaces: [UserID: Space] = [:]
    /// Spaces being built, by the revision each reads: a user's requests that read the same
    /// revision share one build, and one that read a newer revision does not take a view begun before it.
    private var building: [UserID: (revision: Int64, task: Task<Space, any Error>)] = [:]
    private var lastUse: [UserID: UInt64] = [:]
    private var clock: UInt64 = 0
    private let accounts: any AccountStore & ClassroomStore
    private let stores: Stores
    private let configure: @Sendable (inout AppServices) -> Void
    private let environment: ServerEnvironment
    private let logger: Logger
    /// Users kept in memory; the least recently active beyond it are rebuilt when they return.
    let capacity: Int
    /// What teachers' class views show of each student: no space is built for them.
    public let classFigures: ClassFigures

    public init(
        accounts: any AccountStore & ClassroomStore, stores: @escaping Stores, environment: ServerEnvironment,
        logger: Logger,
        capacity: Int = 5000, classViewWait: Duration = .milliseconds(200),
        configure: @escaping @Sendable (inout AppServices) -> Void = { _ in }
    ) {
        self.accounts = accounts
        self.stores = stores
        self.environment = environment
        self.logger = logger
        self.capacity = capacity
        self.configure = configure
        classFigures = ClassFigures(
            accounts: accounts,
            records: { user, known throws(DataStoreError) in try await stores(user, known).records }, logger: logger,
            viewWait: classViewWait)
    }

    /// The user's space as the database has it now.
    func space(of user: UserID) async throws(DataStoreError) -> Space {
        let revision = try await accounts.revision(of: user)
        clock += 1
        lastUse[user] = clock
        if let space = spaces[user], space.revision.isCurrent(revision) { return space }
        let build: Task<Space, any Error>
        if let pending = building[user], pending.revision == revision {
            build = pending.task
        } else {
            build = Task { [stores, environment, logger, configure, accounts] in
                let known = KnownRevision(revision)
                let (records, settings, transfer) = try await stores(user, known)
                var services = try await AppServices.make(
                    store: records, settingsStore: settings, transfer: transfer, environment: environment,
                    logger: logger)
                let assignments = UserAssignments(user: user, store: accounts)
                services.assignments = assignments
                await services.trials.onSaved { [profile = services.profile] record, trial in
                    await assignments.count(record, trial: trial, profile: profile, logger: logger)
                }
                configure(&services)
                let responder = PeachApp.apiRouter(services: services, logger: logger).buildResponder()
                return Space(services: services, responder: responder, revision: known)
            }
            building[user] = (revision, build)
        }
        let built = await build.result
        if building[user]?.revision == revision { building[user] = nil }
        let space: Space
        do {
            space = try built.get()
        } catch {
            throw error as? DataStoreError ?? .fetchFailed(String(describing: error))
        }
        spaces[user] = space
        evictBeyondCapacity()
        return space
    }

    /// A deleted account's view goes with it.
    func forget(_ user: UserID) {
        building[user] = nil
        spaces[user] = nil
        lastUse[user] = nil
    }

    private func evictBeyondCapacity() {
        guard spaces.count > capacity else { return }
        for (user, _) in lastUse.sorted(by: { $0.value < $1.value }).prefix(spaces.count - capacity) { forget(user) }
    }
}
