import Hummingbird
import Logging
import PeachCore
import PeachServices
import PeachStore

/// Each signed-in user's own Peach: their services (settings, trial chains, profile) and the same
/// router the personal Peach serves, on stores that hold only their data. Built from the database
/// on first use and kept while nothing changed it elsewhere: before each request the user's
/// revision in the database is checked, and a view behind it (another instance stored an answer)
/// is rebuilt. Instances therefore never disagree, and any of them may serve any request.
public actor UserSpaces {
    /// The stores of one user, opened; each write tells `revision`.
    public typealias Stores = @Sendable (UserID, KnownRevision) async throws(DataStoreError) -> (
        records: any TrainingDataStore & TrainingHistory & OpenTrialStore, settings: any SettingsStore,
        transfer: any TrainingDataTransferring)

    struct Space: Sendable {
        let services: AppServices
        let responder: RouterResponder<BasicRequestContext>
        let revision: KnownRevision
    }

    private var spaces: [UserID: Space] = [:]
    /// Spaces being built, by the revision each reads: a user's requests that read the same
    /// revision share one build, and one that read a newer revision does not take a view begun before it.
    private var building: [UserID: (revision: Int64, task: Task<Space, any Error>)] = [:]
    /// What a teacher's class view shows of each user, at the revision it was read: a class of a
    /// thousand costs a revision read per student until their data changes.
    private var summaries: [UserID: (revision: Int64, summary: StudentSummary)] = [:]
    /// Fits under way, by the revision each reads (`fit`).
    private var fitting: [UserID: (revision: Int64, task: Task<StudentFiguresReading, any Error>)] = [:]
    private var lastUse: [UserID: UInt64] = [:]
    private var clock: UInt64 = 0
    private let accounts: any AccountStore & ClassroomStore
    private let stores: Stores
    private let configure: @Sendable (inout AppServices) -> Void
    private let environment: ServerEnvironment
    private let logger: Logger
    /// Users kept in memory; the least recently active beyond it are rebuilt when they return.
    let capacity: Int

    public init(
        accounts: any AccountStore & ClassroomStore, stores: @escaping Stores, environment: ServerEnvironment, logger: Logger,
        capacity: Int = 5000, configure: @escaping @Sendable (inout AppServices) -> Void = { _ in }
    ) {
        self.accounts = accounts
        self.stores = stores
        self.environment = environment
        self.logger = logger
        self.capacity = capacity
        self.configure = configure
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
            build = Task { [stores, environment, logger, configure] in
                let known = KnownRevision(revision)
                let (records, settings, transfer) = try await stores(user, known)
                var services = try await AppServices.make(
                    store: records, settingsStore: settings, transfer: transfer, environment: environment, logger: logger)
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

    /// The students' rows in a teacher's class view, read from the store as it is now: one read of
    /// every revision; the students whose data changed since this process last looked are read
    /// from the figures kept in the database (one query), and only those whose data changed since
    /// any view kept them are fitted again, then kept. No space is built for them (a class view
    /// would otherwise replay every student's whole history).
    func summaries(of students: [Account]) async throws(DataStoreError) -> [StudentSummary] {
        let revisions = try await accounts.revisions(of: students.map(\.id))
        var stale = students.filter { account in
            guard let revision = revisions[account.id] else { return false }
            guard let kept = summaries[account.id] else { return true }
            return kept.revision != revision || kept.summary.account != account
        }
        if !stale.isEmpty {
            let kept = try await accounts.keptFigures(of: stale.map(\.id))
            for account in stale {
                if let figures = kept[account.id] { summaries[account.id] = (revisions[account.id]!, StudentSummary(account, figures)) }
            }
            stale.removeAll { kept[$0.id] != nil }
        }
        let readings = try await fitted(stale, at: revisions)
        try await accounts.keep(readings)
        let byID = Dictionary(uniqueKeysWithValues: stale.map { ($0.id, $0) })
        for reading in readings { summaries[reading.student] = (reading.revision, StudentSummary(byID[reading.student]!, reading.figures)) }
        return students.compactMap { summaries[$0.id]?.summary }
    }

    /// Fits and keeps the class-view figures of every student who has none kept for their current
    /// records, a chunk at a time; run beside the listening server. After an upgrade or a bulk load
    /// nothing is kept, and the teacher's first view would fit every student itself (11–18 s at
    /// 1,000 students × 10,000 records). Returns how many students it fitted.
    @discardableResult
    public func prepareClassViews() async throws(DataStoreError) -> Int {
        let students = try await accounts.accounts().filter { !$0.isTeacher }
        let revisions = try await accounts.revisions(of: students.map(\.id))
        let kept = try await accounts.keptFigures(of: students.map(\.id))
        let unkept = students.filter { kept[$0.id] == nil && revisions[$0.id] != nil }
        // A chunk at a time: a teacher's view arriving meanwhile finds the chunks done so far kept
        // here, and fits only the rest itself.
        for start in stride(from: 0, to: unkept.count, by: Self.preparedAtOnce) {
            _ = try await summaries(of: Array(unkept[start..<min(start + Self.preparedAtOnce, unkept.count)]))
        }
        return unkept.count
    }

    private static let preparedAtOnce = 50

    /// Each student's figures from their records, read at (or after) their revision in `revisions`,
    /// a few at a time: the fits use every core, the reads overlap.
    private func fitted(_ students: [Account], at revisions: [UserID: Int64]) async throws(DataStoreError) -> [StudentFiguresReading] {
        var read: [StudentFiguresReading] = []
        for start in stride(from: 0, to: students.count, by: Self.summariesAtOnce) {
            let fits = students[start..<min(start + Self.summariesAtOnce, students.count)].map { fit($0, at: revisions[$0.id]!) }
            for (student, revision, task) in fits {
                do {
                    read.append(try await task.value)
                } catch let error as DataStoreError {
                    throw error
                } catch {
                    throw .fetchFailed(String(describing: error))
                }
                if fitting[student]?.revision == revision { fitting[student] = nil }
            }
        }
        return read
    }

    /// The fit of one student at `revision`, shared with a view or preparation already fitting them
    /// at it: a teacher's view arriving while the start's preparation runs does not fit anyone twice.
    private func fit(_ account: Account, at revision: Int64) -> (UserID, Int64, Task<StudentFiguresReading, any Error>) {
        if let pending = fitting[account.id], pending.revision == revision { return (account.id, revision, pending.task) }
        let stores = self.stores
        let task = Task {
            let store = try await stores(account.id, KnownRevision(revision)).records
            return StudentFiguresReading(student: account.id, revision: revision, figures: try await StudentFigures(store: store))
        }
        fitting[account.id] = (revision, task)
        return (account.id, revision, task)
    }

    private static let summariesAtOnce = 4

    /// A deleted account's view goes with it.
    func forget(_ user: UserID) {
        building[user] = nil
        summaries[user] = nil
        fitting[user] = nil
        spaces[user] = nil
        lastUse[user] = nil
    }

    private func evictBeyondCapacity() {
        guard spaces.count > capacity else { return }
        for (user, _) in lastUse.sorted(by: { $0.value < $1.value }).prefix(spaces.count - capacity) { forget(user) }
    }
}
