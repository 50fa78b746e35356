import Dispatch
import GRDB
import Synchronization

/// Copies the write-ahead log back into the database file away from the answers' path.
///
/// SQLite checkpoints in the connection that commits, once the log passes its threshold: that
/// answer's commit then also waits for pages to be copied and the database file to be fsync'd.
/// Measured at 20 clients, those commits made the p99 of an answer 13–18 ms while the median was
/// 2 ms (with fsync made free the p99 was 4.5 ms, and a bare fdatasync here takes 0.3 ms at p99).
/// So the writer's own threshold is raised to a backstop (`PeachDatabase`), and after every
/// `commitsPerCheckpoint` group commits a passive checkpoint runs here, on a connection of its own:
/// it copies what no reader still needs and never blocks a writer.
final class WALCheckpointer: Sendable {
    static let commitsPerCheckpoint = 100
    /// About 2 MB of 4 KB pages: more than a hundred commits write, so a log that starts over
    /// after each checkpoint never reaches it.
    static let framesBeforeTruncation = 512
    /// How long the truncation waits for readers and for the writer's lock (answers wait as long).
    static let truncationWait = 0.05

    private struct State {
        var commits = 0
        var isRunning = false
    }

    private let path: String
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "peach.wal-checkpoint", qos: .utility)

    init(path: String) { self.path = path }

    func didCommit() {
        let starts = state.withLock { state in
            state.commits += 1
            guard state.commits >= Self.commitsPerCheckpoint, !state.isRunning else { return false }
            state.commits = 0
            state.isRunning = true
            return true
        }
        guard starts else { return }
        queue.async { [self] in
            defer { state.withLock { $0.isRunning = false } }
            var configuration = Configuration()
            configuration.busyMode = .timeout(Self.truncationWait)
            // Opened for each checkpoint (every hundred commits): nothing stays open when the
            // database is closed. A checkpoint that fails leaves the log to the writer's backstop.
            try? DatabaseQueue(path: path, configuration: configuration).writeWithoutTransaction { db in
                // busy, frames in the log, frames copied back.
                let passive = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
                let (logged, copied) = (passive?[1] as Int? ?? 0, passive?[2] as Int? ?? 0)
                // A reader that always holds part of the log keeps it from starting over, and it
                // grew under load until the disk was full (41 MB on a small disk). Past a bound,
                // wait briefly for the readers and cut the log to nothing.
                if copied < logged, logged > Self.framesBeforeTruncation {
                    try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                }
            }
        }
    }
}
