import GRDB
import PeachCore

/// Moves a user's revision on with each commit that changed their database, and tells the view
/// that made the change (`KnownRevision`), as PostgreSQL's stores do in the write's transaction.
final class RevisionObserver: TransactionObserver, @unchecked Sendable {
    // Touched only on the database's writer queue, which calls every method here.
    private var changed = false
    private let user: UserID
    private let revisions: UserRevisions
    private let known: KnownRevision?

    init(user: UserID, revisions: UserRevisions, known: KnownRevision?) {
        self.user = user
        self.revisions = revisions
        self.known = known
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    func databaseDidChange(with event: DatabaseEvent) {
        changed = true
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidCommit(_ db: Database) {
        guard changed else { return }
        changed = false
        known?.wrote(revisions.advance(user))
    }

    func databaseDidRollback(_ db: Database) { changed = false }
}
