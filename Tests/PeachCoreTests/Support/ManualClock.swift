import Synchronization

/// A clock that moves only when the test moves it, and that can say how many sleeps are waiting on
/// it. swift-clocks' TestClock can only say whether any sleep is pending, so a test could not tell a
/// driver that has begun all of its sleeps from one that has begun only the first: it had to wait a
/// fixed real time and hope. Knowing the count, a test waits for exactly the sleeps it means to end
/// (`advance(_:by:ending:)`), however slowly the driver's tasks are scheduled.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// Sleeps that moving the clock to `instant` would end.
    func sleeps(endingBy instant: Instant) -> Int {
        state.withLock { $0.sleepers.values.count { $0.deadline <= instant } }
    }

    /// All sleeps not yet ended.
    var pendingSleeps: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ended: Result<Void, any Error>? = state.withLock { state in
                    // A deadline already reached ends at once, as on a real clock. Cancellation is
                    // checked under the lock too: a cancel that came before this point found no
                    // sleeper to end, so this sleeper must not start.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let ended { continuation.resume(with: ended) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on and ends, earliest first, every sleep whose deadline it reaches. A sleep
    /// begun by a task this wakes is measured from the new time, as it would be on a real clock.
    func advance(by duration: Duration) {
        let ended = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in ended { sleeper.continuation.resume() }
    }
}
