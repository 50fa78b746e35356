/// Whether a request body arrives fast enough. Only the time the server spends waiting for the
/// client counts: while the server is busy with what it has (and reads nothing), a client cannot
/// send, and is not to blame. Each `Rule.window` of waiting must bring `Rule.bytesPerSecond`;
/// a client dripping a byte now and then, which the idle timeout never catches, is closed.
/// Pure: the handler (`BodyPaceHandler`) tells it the time.
struct BodyPace: Equatable {
    struct Rule: Sendable, Equatable {
        /// Apache's mod_reqtimeout asks for 500 bytes a second; a phone on a slow network sends 100 times that.
        var bytesPerSecond = 500
        var window: Duration = .seconds(5)
    }

    let rule: Rule
    private(set) var isReceiving = false
    private var bytes = 0
    private var waited = Duration.zero
    private var waitingSince: Duration?

    init(rule: Rule) {
        self.rule = rule
    }

    /// A request head: its body (if any) is timed from now.
    mutating func started() {
        isReceiving = true
        bytes = 0
        waited = .zero
    }

    mutating func ended() {
        isReceiving = false
        waitingSince = nil
    }

    /// The server asked for more bytes at `now` (a time on any one clock).
    mutating func serverWaits(at now: Duration) {
        if waitingSince == nil { waitingSince = now }
    }

    mutating func received(_ count: Int, at now: Duration) {
        bytes += count
        stopWaiting(at: now)
    }

    /// Whether to close the connection, once each `rule.window`; a window is judged only when the
    /// server waited in it for at least half of it.
    mutating func isTooSlow(at now: Duration) -> Bool {
        guard isReceiving else { return false }
        if waitingSince != nil {
            stopWaiting(at: now)
            waitingSince = now
        }
        defer {
            if waited * 2 >= rule.window {
                bytes = 0
                waited = .zero
            }
        }
        guard waited * 2 >= rule.window else { return false }
        let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        return Double(bytes) < Double(rule.bytesPerSecond) * seconds
    }

    private mutating func stopWaiting(at now: Duration) {
        if let since = waitingSince { waited += now - since }
        waitingSince = nil
    }
}
