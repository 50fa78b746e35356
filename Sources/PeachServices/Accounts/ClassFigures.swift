import Logging
import PeachCore

/// What a teacher's class views show of each student, fitted off the request path. A student's
/// figures come from this process's memory while their revision stands, else from the figures kept
/// in the database (one query for a class), else from a fit of their records by one background
/// worker, a few students at a time, which then keeps them. After an upgrade or a bulk load
/// nothing is kept, and fitting a class of 1,000 × 10,000 records took 24 s (SQLite) to 45 s
/// (PostgreSQL): so a view never fits anyone itself. It puts its students without figures at the
/// head of the worker's queue, waits a moment for them, and shows the rest as being prepared.
/// Instances sharing a PostgreSQL database each run a worker: one fits a student while it holds
/// them (`ClassroomStore.fittingExclusively`) and keeps the figures before it lets go, and another
/// asks again later and reads those figures rather than fitting the student a second time.
public actor ClassFigures {
    /// A student's records, opened at (or after) the revision read before.
    public typealias Records = @Sendable (UserID, KnownRevision) async throws(DataStoreError) -> any TrainingDataStore

    /// Each student's figures, at the revision read before the records they come from.
    private var known: [UserID: (revision: Int64, figures: StudentFigures)] = [:]
    /// Students to fit, in order; `queued` holds the same ids, `fitting` those the worker fits now
    /// and `fittingAt` the revision it read of each (once read).
    private var queue: [Account] = []
    private var queued: Set<UserID> = []
    private var fitting: Set<UserID> = []
    private var fittingAt: [UserID: Int64] = [:]
    /// Queued students another process held when their group came: asked again after a moment (or
    /// with the next students queued), when that process has kept their figures. Still `queued`,
    /// so a view waits for them as for any other.
    private var elsewhere: [Account] = []
    /// Queued by a view, which a teacher waits for: fitted at a request's priority, the rest (the
    /// start's preparation) at background priority, below the students' answers. At background
    /// priority, 20 students who had just answered (each space fitting its sparklines at
    /// `.userInitiated`) were not fitted within a view's 200 ms; fitted in the request, they were.
    private var asked: Set<UserID> = []
    /// The last fit of each of these failed; a view that asked for them says so (`rows`).
    private var failures: [UserID: DataStoreError] = [:]
    /// Fitted and known here, not yet kept in the database: kept a few groups at a time.
    private var unkept: [StudentFiguresReading] = []
    private var worker: Task<Void, Never>?
    /// Views waiting for students, resumed once none of them is queued or being fitted (or at their deadline).
    private var waiting: [Int: (students: Set<UserID>, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var waiters = 0
    private let accounts: any AccountStore & ClassroomStore
    private let records: Records
    private let logger: Logger
    /// What a teacher's class view waits for figures being prepared before it shows their rows as
    /// such: long enough for the few students who answered since the last view, short enough that
    /// a view answers at once whatever the class (issue 32: ≤ 500 ms at 1,000 students).
    public nonisolated let viewWait: Duration

    public init(
        accounts: any AccountStore & ClassroomStore, records: @escaping Records, logger: Logger,
        viewWait: Duration = .milliseconds(200)
    ) {
        self.accounts = accounts
        self.records = records
        self.logger = logger
        self.viewWait = viewWait
    }

    /// The students' rows as the stores have them now (left out: accounts deleted meanwhile). A row
    /// without figures (`StudentSummary.figures` nil) is being prepared: its student is queued
    /// before any other and the worker is running; `budget` is how long the view waits for the
    /// worker before it shows such rows. One read of every revision; the figures kept in the
    /// database are read for those this process does not know at their revision.
    public func rows(of students: [Account], waitingAtMost budget: Duration) async throws(DataStoreError)
        -> [StudentSummary]
    {
        try await read(students, waitingAtMost: budget)
    }

    /// Every student's figures, waiting for those being prepared (the class CSV, written as its
    /// rows are ready).
    public func prepared(_ students: [Account]) async throws(DataStoreError) -> [(
        account: Account, figures: StudentFigures
    )] {
        while true {
            let rows = try await read(students, waitingAtMost: nil)
            // A row without figures here is of a student deleted meanwhile: gone from the next read.
            let prepared = rows.compactMap { row in
                row.isPrepared ? row.figures.map { (account: row.account, figures: $0) } : nil
            }
            if prepared.count == rows.count { return prepared }
        }
    }

    /// `budget` nil: until the worker has fitted every student who had no figures.
    private func read(_ students: [Account], waitingAtMost budget: Duration?) async throws(DataStoreError)
        -> [StudentSummary]
    {
        let revisions = try await accounts.revisions(of: students.map(\.id))
        let present = students.filter { revisions[$0.id] != nil }
        var missing = present.filter { !isKnown($0.id, at: revisions) }
        if !missing.isEmpty {
            let kept = try await accounts.keptFigures(of: missing.map(\.id))
            for (student, figures) in kept { remember(figures, of: student, at: revisions[student]!) }
            missing.removeAll { kept[$0.id] != nil }
        }
        if !missing.isEmpty {
            prepareFirst(missing.filter { !isBeingFitted($0.id, at: revisions[$0.id]!) })
            let ids = Set(missing.map(\.id))
            await settle(ids, within: budget)
            if let failed = ids.first(where: { failures[$0] != nil && isSettled([$0]) }) {
                throw failures.removeValue(forKey: failed)!
            }
        }
        // A student who answered since their last fit here keeps those figures on the row, marked as
        // being prepared, rather than a blank the teacher saw filled a moment ago.
        return present.map { StudentSummary($0, known[$0.id]?.figures, isPrepared: isKnown($0.id, at: revisions)) }
    }

    /// Fits and keeps the figures of every student who has none kept, after any a view asked for;
    /// run beside the listening server, so that after an upgrade or a bulk load the teacher's
    /// first view finds them kept. Returns how many students had none, once all are fitted.
    @discardableResult
    public func prepareEveryStudent() async throws(DataStoreError) -> Int {
        let students = try await accounts.accounts().filter { !$0.isTeacher }
        let revisions = try await accounts.revisions(of: students.map(\.id))
        let kept = try await accounts.keptFigures(of: students.map(\.id))
        let unkept = students.filter { kept[$0.id] == nil && revisions[$0.id] != nil }
        let fresh = unkept.filter { !queued.contains($0.id) }
        queue += fresh
        queued.formUnion(fresh.map(\.id))
        startWorker()
        await settle(Set(unkept.map(\.id)), within: nil)
        return unkept.count
    }

    /// Known here at `revisions`' revision of the student, or a later one.
    private func isKnown(_ student: UserID, at revisions: [UserID: Int64]) -> Bool {
        guard let revision = revisions[student], let figures = known[student] else { return false }
        return figures.revision >= revision
    }

    private func remember(_ figures: StudentFigures, of student: UserID, at revision: Int64) {
        if let figures = known[student], figures.revision > revision { return }
        known[student] = (revision, figures)
    }

    /// Fitted now from records read at `revision` or later: the worker reads a revision after taking
    /// its group, so one it has not read yet is later still.
    private func isBeingFitted(_ student: UserID, at revision: Int64) -> Bool {
        fitting.contains(student) && fittingAt[student].map { $0 >= revision } ?? true
    }

    /// At the head of the queue, in their order: the class in view is fitted before the rest.
    private func prepareFirst(_ students: [Account]) {
        let ids = Set(students.map(\.id))
        for id in ids { failures[id] = nil }
        queue = students + queue.filter { !ids.contains($0.id) }
        elsewhere.removeAll { ids.contains($0.id) }
        queued.formUnion(ids)
        asked.formUnion(ids)
        startWorker()
    }

    private func startWorker() {
        guard worker == nil else { return }
        // Each fit takes its own priority (`asked`); the worker's own steps are a few queries.
        worker = Task(priority: .medium) { await self.work() }
    }

    private func work() async {
        while !queue.isEmpty || !elsewhere.isEmpty {
            if queue.isEmpty {
                for _ in 0..<Self.pausesBeforeAskingAgain where queue.isEmpty { try? await Task.sleep(for: Self.pause) }
                queue += elsewhere
                elsewhere = []
            }
            let group = Array(queue.prefix(Self.fittedAtOnce))
            queue.removeFirst(group.count)
            let ids = group.map(\.id)
            queued.subtract(ids)
            fitting.formUnion(ids)
            await fit(group)
            fitting.subtract(ids)
            asked.subtract(ids.filter { !queued.contains($0) })
            for id in ids { fittingAt[id] = nil }
            wake()
            if unkept.count >= Self.keptAtOnce || queue.isEmpty { await keepFitted() }
        }
        worker = nil
    }

    /// The group's figures, those of the students this process holds (the rest another holds: they
    /// are asked again later).
    private func fit(_ group: [Account]) async {
        let ids = group.map(\.id)
        do throws(DataStoreError) {
            try await accounts.fittingExclusively(ids) { held in await self.fit(group, held: Set(held)) }
        } catch {
            // Those the hold fitted or left to another process are not failed: only a hold not taken.
            failed(ids.filter { fittingAt[$0] == nil && !queued.contains($0) }, error)
        }
    }

    /// Each held student's figures from their records read after their revision: kept ones (another
    /// instance may have fitted them meanwhile) or a fit, all of the group at once: the fits use
    /// every core, the reads overlap. Kept before the hold ends where other processes share the store.
    private func fit(_ group: [Account], held: Set<UserID>) async {
        let others = group.filter { !held.contains($0.id) }
        elsewhere += others
        queued.formUnion(others.map(\.id))
        let group = group.filter { held.contains($0.id) }
        guard !group.isEmpty else { return }
        let ids = group.map(\.id)
        let revisions: [UserID: Int64]
        let kept: [UserID: StudentFigures]
        do throws(DataStoreError) {
            revisions = try await accounts.revisions(of: ids)
            kept = try await accounts.keptFigures(of: ids)
        } catch {
            failed(ids, error)
            return
        }
        for (student, revision) in revisions { fittingAt[student] = revision }
        for (student, figures) in kept {
            if let revision = revisions[student] { remember(figures, of: student, at: revision) }
        }
        let (records, asked) = (self.records, self.asked)
        let fits = await withTaskGroup(of: (UserID, Result<StudentFiguresReading, DataStoreError>).self) { tasks in
            for account in group where kept[account.id] == nil {
                guard let revision = revisions[account.id] else { continue }
                tasks.addTask(priority: asked.contains(account.id) ? .medium : .background) {
                    do throws(DataStoreError) {
                        let store = try await records(account.id, KnownRevision(revision))
                        return (
                            account.id,
                            .success(
                                StudentFiguresReading(
                                    student: account.id, revision: revision,
                                    figures: try await StudentFigures(store: store)))
                        )
                    } catch {
                        return (account.id, .failure(error))
                    }
                }
            }
            return await tasks.reduce(into: []) { $0.append($1) }
        }
        var fitted: [StudentFiguresReading] = []
        for (student, result) in fits {
            switch result {
            case .success(let reading):
                failures[student] = nil
                remember(reading.figures, of: student, at: reading.revision)
                fitted.append(reading)
            case .failure(let error): failed([student], error)
            }
        }
        // Views waiting for them have their figures now: the keeping is for other instances and restarts.
        fitting.subtract(ids)
        wake()
        if accounts.isSharedByProcesses { await keep(fitted) } else { unkept += fitted }
    }

    private func failed(_ students: [UserID], _ error: DataStoreError) {
        logger.warning("class view figures of \(students.count) students not fitted: \(error)")
        for student in students { failures[student] = error }
    }

    private func keepFitted() async {
        // A student fitted twice (they answered meanwhile) is kept once, at the later revision.
        let readings = Array(Dictionary(unkept.map { ($0.student, $0) }) { $0.revision > $1.revision ? $0 : $1 }.values)
        unkept = []
        await keep(readings)
    }

    private func keep(_ readings: [StudentFiguresReading]) async {
        do {
            try await accounts.keep(readings)
        } catch {
            // Known here all the same; only a restart fits them again.
            logger.warning("class view figures of \(readings.count) students not kept: \(error)")
        }
    }

    /// Returns once none of `students` is queued or being fitted, or after `budget`.
    private func settle(_ students: Set<UserID>, within budget: Duration?) async {
        guard !isSettled(students), budget != .zero else { return }
        waiters += 1
        let waiter = waiters
        if let budget {
            Task {
                try? await Task.sleep(for: budget)
                await self.release(waiter)
            }
        }
        await withCheckedContinuation { waiting[waiter] = (students, $0) }
    }

    private func isSettled(_ students: Set<UserID>) -> Bool {
        students.isDisjoint(with: queued) && students.isDisjoint(with: fitting)
    }

    private func wake() {
        for (waiter, view) in waiting where isSettled(view.students) { release(waiter) }
    }

    private func release(_ waiter: Int) {
        waiting.removeValue(forKey: waiter)?.continuation.resume()
    }

    private static let fittedAtOnce = 4
    /// Readings kept in one write (a store one process opens): a restart loses at most these.
    private static let keptAtOnce = 48
    /// How long the worker waits, with nothing else queued, before it asks again for students another
    /// process held: about a group's fit (1,000 students of 10,000 records took 18–19 s, four at a time).
    private static let pause = Duration.milliseconds(50)
    private static let pausesBeforeAskingAgain = 4
}
