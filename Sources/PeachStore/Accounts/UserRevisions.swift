import PeachCore
import Synchronization

/// Each user's revision on a class server on SQLite, counted in the server's process: one process
/// serves the files (SQLite is not shared between machines), so its own commits are every change
/// a cached view can miss. Starts at 0 for everyone, as the views do after a start.
final class UserRevisions: Sendable {
    private let values = Mutex<[UserID: Int64]>([:])

    func current(_ user: UserID) -> Int64 { values.withLock { $0[user] ?? 0 } }

    func advance(_ user: UserID) -> Int64 {
        values.withLock { values in
            let next = (values[user] ?? 0) + 1
            values[user] = next
            return next
        }
    }
}
