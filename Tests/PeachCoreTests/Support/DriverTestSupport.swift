import Synchronization
import Testing

@testable import PeachCore

/// What a mock port saw, readable from the test while the driver's tasks append to it.
final class Log<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// Moves the clock on by `duration` once exactly `count` sleeps are waiting that it will end. A task
/// a driver has just created may not have begun its sleep yet (under load, for a long while), and a
/// driver may begin several sleeps one after another; moving the clock before all of them have begun
/// would leave one asleep, or start it from the later time. So the test names the sleeps it means to
/// end and waits for them, however long the scheduler takes, rather than for a fixed time that is
/// either too long for an idle machine or too short for a loaded one. The limit (see `patience`) only
/// turns a wrong count or a driver that never sleeps into a failure that says so, instead of a hang.
func advance(
    _ clock: ManualClock, by duration: Duration, ending count: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let target = clock.now.advanced(by: duration)
    var polls = 0
    while clock.sleeps(endingBy: target) != count {
        guard polls < patience else {
            Issue.record(
                "expected \(count) sleep(s) to end within \(duration); after \(polls) polls, \(clock.sleeps(endingBy: target)) would",
                sourceLocation: sourceLocation)
            break
        }
        polls += 1
        try? await Task.sleep(for: .milliseconds(1))
    }
    clock.advance(by: duration)
}

/// Waits (in real time) for the tasks the clock resumed to deliver their events; returns as soon as
/// the condition holds, so a generous limit costs a passing test nothing.
func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<patience {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}

/// How many times a waiting test looks again before it gives up: a count of polls, not a time. In the
/// full suite hundreds of tests share the few threads of the task pool, and some keep them busy
/// for long; the driver's tasks then wait their turn, and so does each poll, queued behind them.
/// Counted in polls, the limit stretches with the crowd: 10 000 polls are 10 s or more on an idle
/// machine and many times that in a loaded full suite, where a limit in seconds ran out (20 s did).
let patience = 10_000

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
