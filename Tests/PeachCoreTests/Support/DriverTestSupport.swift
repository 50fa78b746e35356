import Clocks
import Synchronization
@testable import PeachCore

/// What a mock port saw, readable from the test while the driver's tasks append to it.
final class Log<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// Advances the test clock after letting the driver settle: under load, a task a driver just
/// created may not have reached its `sleep` yet, and advancing first would leave it asleep. While a
/// sleep is pending (`checkSuspension` throws) it waits 2000 × 1 ms, so that a driver with several
/// sleeps in flight has begun them all; `advanceOnceAsleep` is the quick form for one at a time.
func advance(_ clock: TestClock<Duration>, by duration: Duration) async {
    for _ in 0..<2000 where (try? await clock.checkSuspension()) == nil {
        try? await Task.sleep(for: .milliseconds(1))
    }
    await clock.advance(by: duration)
}

/// Advances the test clock as soon as a sleep is pending on it: for a driver with one sleep at a time.
func advanceOnceAsleep(_ clock: TestClock<Duration>, by duration: Duration) async {
    for _ in 0..<2000 {
        guard (try? await clock.checkSuspension()) != nil else { break }
        try? await Task.sleep(for: .milliseconds(1))
    }
    await clock.advance(by: duration)
}

/// Waits (in real time, briefly) for the tasks the test clock resumed to deliver their events.
func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<2000 {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return false
}

/// A note player that records each note it starts and each it stops (by frequency), or fails.
struct MockNotePlayer: NotePlayer {
    struct Handle: PlaybackHandle {
        let frequency: Frequency
        let stops: Log<Frequency>
        func stop() async { stops.append(frequency) }
        func adjustFrequency(_ frequency: Frequency) async throws(AudioError) {}
    }

    let plays = Log<Frequency>()
    let stops = Log<Frequency>()
    var failure: AudioError?

    func play(_ frequency: Frequency, level: AmplitudeDB) async throws(AudioError) -> any PlaybackHandle {
        if let failure { throw failure }
        plays.append(frequency)
        return Handle(frequency: frequency, stops: stops)
    }
}
