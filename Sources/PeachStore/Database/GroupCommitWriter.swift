import Foundation
import GRDB
import Synchronization

/// Group commit: writes that arrive together share one fsync'd transaction.
///
/// With `synchronous = FULL` every commit costs an fsync, and one transaction per answer caps the
/// server at one answer per fsync. Here a write is queued; whoever finds no commit in flight
/// drains the queue into one transaction, and writes that arrive meanwhile wait for the next one.
/// Each caller is resumed only after the commit that holds its write is on disk, so an
/// acknowledged write still survives kill -9. Each write runs in its own savepoint: one that
/// throws is rolled back alone and fails alone; the others in its batch commit.
public final class GroupCommitWriter: Sendable {
    private struct Job: Sendable {
        /// Runs the write inside the batch's transaction and keeps its outcome for later; returns
        /// the error the write threw, if any.
        let run: @Sendable (Database) -> (any Error)?
        /// Hands the kept outcome (or the commit's error) to the waiting caller.
        let finish: @Sendable ((any Error)?) -> Void
    }

    /// Where a write's result waits for its commit.
    private final class Outcome<T: Sendable>: Sendable {
        let result = Mutex<Result<T, any Error>?>(nil)
    }

    private struct State {
        var queue: [Job] = []
        var isCommitting = false
    }

    private let writer: DatabasePool
    private let checkpointer: WALCheckpointer?
    private let reserve: SpaceReserve?
    private let state = Mutex(State())

    init(writer: DatabasePool, checkpointer: WALCheckpointer? = nil, reserve: SpaceReserve? = nil) {
        self.writer = writer
        self.checkpointer = checkpointer
        self.reserve = reserve
    }

    /// Runs `work` in the next group transaction and returns its result once that transaction is
    /// durably committed. An error thrown by `work` is rethrown here, and only its own changes are undone.
    public func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = Outcome<T>()
            let job = Job(
                run: { db in
                    let result: Result<T, any Error>
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try work(db)
                            return .commit
                        }
                        result = .success(value!)
                    } catch {
                        result = .failure(error)
                    }
                    outcome.result.withLock { $0 = result }
                    if case .failure(let error) = result { return error }
                    return nil
                },
                finish: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: outcome.result.withLock { $0 }!)
                    }
                })
            let leads = state.withLock { state in
                state.queue.append(job)
                guard !state.isCommitting else { return false }
                state.isCommitting = true
                return true
            }
            if leads { Task.detached { await self.drain() } }
        }
    }

    /// Commits batches until the queue is empty; only one drain runs at a time.
    private func drain() async {
        while true {
            let batch = state.withLock { state in
                let batch = state.queue
                state.queue.removeAll(keepingCapacity: true)
                if batch.isEmpty { state.isCommitting = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            let (commitError, failed) = await commit(batch)
            var errors = Array(repeating: commitError, count: batch.count)
            // Out of space: the log copied back and cut to nothing gives back the space it held,
            // and the writes that failed for space are tried once more. Without this the log,
            // grown under load, kept the space freed meanwhile and every write failed until a restart.
            let retried =
                commitError.map { Self.isOutOfSpace($0) ? Array(batch.indices) : [] }
                ?? failed.indices.filter { failed[$0].map(Self.isOutOfSpace) ?? false }
            if !retried.isEmpty, await truncateLog() {
                let again = await commit(retried.map { batch[$0] })
                for index in retried { errors[index] = again.commitError }
            }
            for (job, error) in zip(batch, errors) { job.finish(error) }
            if errors.allSatisfy({ $0 == nil }) { checkpointer?.didCommit() }
        }
    }

    /// One transaction for `batch`: the commit's error, or each write's own.
    private func commit(_ batch: [Job]) async -> (commitError: (any Error)?, failed: [(any Error)?]) {
        do {
            return (nil, try await writer.write { db in batch.map { $0.run(db) } })
        } catch {
            return (error, [])
        }
    }

    /// Copies the whole log into the database file and truncates it to zero bytes; false when
    /// that failed too (the database file could not grow: no space yet).
    private func truncateLog() async -> Bool {
        // Room for the checkpoint to grow the database file on a disk with no byte free.
        reserve?.release()
        defer { reserve?.restore() }
        do {
            try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            return true
        } catch {
            return false
        }
    }

    /// SQLITE_FULL, or an I/O error: SQLite reports some writes of a full disk that way (the
    /// log's shared memory, an fsync) without saying why, and a checkpoint tried in vain costs little.
    static func isOutOfSpace(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_FULL || error.resultCode == .SQLITE_IOERR
    }
}
