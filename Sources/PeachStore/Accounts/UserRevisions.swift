import PeachCore
import Synchronization

/// Each user's revision on a class server on SQLite, counted in the server's process: one process
/// serves the files (SQLite is not shared between machines), so its own commits are every change
/// a cached view can miss. Starts at 0 for everyone, as the views do after a start.
///
/// Also which users have figures kept in `accounts.sqlite` (`studentSummary`): a commit to a
/// user's database forgets them before it commits (`willCommit`), and figures are kept only while
/// no commit is under way and the revision they were read at is still the user's (`mayKeep`).
/// Both ask under one lock, so figures of older records are never kept, and a crash between the
/// two databases' commits leaves at worst figures forgotten, never figures behind the records.
final class UserRevisions: Sendable {
    private struct State {
        var revisions: [UserID: Int64] = [:]
        var committing: [UserID: Int] = [:]
        var kept: Set<UserID>
    }

    private let state: Mutex<State>

    /// - Parameter kept: the users whose figures `accounts.sqlite` holds.
    init(kept: Set<UserID> = []) { state = Mutex(State(kept: kept)) }

    func current(_ user: UserID) -> Int64 { state.withLock { $0.revisions[user] ?? 0 } }

    /// A commit that changed the user's database is about to be made: true when their kept
    /// figures must be forgotten first (then `forgot`). None are kept until it is made or rolled back.
    func willCommit(_ user: UserID) -> Bool {
        state.withLock { state in
            state.committing[user, default: 0] += 1
            return state.kept.contains(user)
        }
    }

    func forgot(_ user: UserID) {
        _ = state.withLock { $0.kept.remove(user) }
    }

    /// After the commit announced by `willCommit`.
    func advance(_ user: UserID) -> Int64 {
        state.withLock { state in
            state.committing[user, default: 1] -= 1
            let next = (state.revisions[user] ?? 0) + 1
            state.revisions[user] = next
            return next
        }
    }

    /// After a rollback of a transaction that `willCommit` announced.
    func rolledBack(_ user: UserID) {
        state.withLock { $0.committing[user, default: 1] -= 1 }
    }

    /// Whether figures read at `revision` may be kept now; if so they count as kept, so that the
    /// next commit forgets them. Asked inside the transaction that keeps them, which a forgetting
    /// `willCommit` waits for.
    func mayKeep(_ user: UserID, readAt revision: Int64) -> Bool {
        state.withLock { state in
            guard (state.revisions[user] ?? 0) == revision, (state.committing[user] ?? 0) == 0 else { return false }
            state.kept.insert(user)
            return true
        }
    }
}
