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
        /// Runs the write inside the batch's transaction and keeps its outcome for later.
        let run: @Sendable (Database) -> Void
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
    private let state = Mutex(State())

    init(writer: DatabasePool, checkpointer: WALCheckpointer? = nil) {
        self.writer = writer
        self.checkpointer = checkpointer
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
            var commitError: (any Error)?
            do {
                try await writer.write { db in
                    for job in batch { job.run(db) }
                }
            } catch {
                commitError = error
            }
            for job in batch { job.finish(commitError) }
            if commitError == nil { checkpointer?.didCommit() }
        }
    }
}
