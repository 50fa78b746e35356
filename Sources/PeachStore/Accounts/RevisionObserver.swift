import GRDB
import PeachCore

/// Moves a user's revision on with each commit that changed their database, and tells the view
/// that made the change (`KnownRevision`), as PostgreSQL's stores do in the write's transaction.
/// Before such a commit, the user's figures kept for class views are forgotten (`forget`): a
/// failure to forget fails the commit, so kept figures are never behind the records.
final class RevisionObserver: TransactionObserver, @unchecked Sendable {
    // Touched only on the database's writer queue, which calls every method here.
    private var changed = false
    private var announced = false
    private let user: UserID
    private let revisions: UserRevisions
    private let known: KnownRevision?
    private let forget: @Sendable (UserID) throws -> Void

    init(
        user: UserID, revisions: UserRevisions, known: KnownRevision?,
        forget: @escaping @Sendable (UserID) throws -> Void
    ) {
        self.user = user
        self.revisions = revisions
        self.known = known
        self.forget = forget
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    func databaseDidChange(with event: DatabaseEvent) {
        changed = true
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseWillCommit() throws {
        guard changed else { return }
        announced = true
        guard revisions.willCommit(user) else { return }
        try forget(user)
        revisions.forgot(user)
    }

    func databaseDidCommit(_ db: Database) {
        guard changed else { return }
        changed = false
        announced = false
        // Advanced whether or not a view waits for it (`known?.wrote(…)` would skip it without one).
        let revision = revisions.advance(user)
        known?.wrote(revision)
    }

    func databaseDidRollback(_ db: Database) {
        if announced { revisions.rolledBack(user) }
        changed = false
        announced = false
    }
}
