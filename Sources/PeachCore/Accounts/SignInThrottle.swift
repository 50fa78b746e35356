import Foundation

/// How fast wrong passwords may be tried, per account at one address and per address: a few free
/// tries, then each further one waits twice as long as the last after the latest failure, up to
/// `longestWait`. A guesser gets about a dozen tries an hour at one account; a person who mistyped
/// waits seconds. Failures are never counted per account alone: whoever knows a name could then
/// lock its owner out, while the right password from an address that is not failing gets in.
public struct SignInThrottle: Sendable {
    /// Failures in the window, and the newest of them.
    public struct Failures: Sendable, Equatable {
        public var count: Int
        public var latest: Date?

        public init(count: Int, latest: Date?) {
            self.count = count
            self.latest = latest
        }

        public static let none = Failures(count: 0, latest: nil)
    }

    public var freePerAccountAtAddress = 5
    /// Higher: a school's pupils may share one address behind its router.
    public var freePerAddress = 30
    public var window: Duration = .seconds(3600)
    public var longestWait: Duration = .seconds(900)

    public init() {}

    /// How long until the next try is allowed; nil: now.
    public func wait(accountAtAddress: Failures, address: Failures, now: Date) -> Duration? {
        [
            wait(accountAtAddress, free: freePerAccountAtAddress, now: now),
            wait(address, free: freePerAddress, now: now),
        ]
        .compactMap { $0 }.max()
    }

    private func wait(_ failures: Failures, free: Int, now: Date) -> Duration? {
        guard failures.count >= free, let latest = failures.latest else { return nil }
        let excess = min(failures.count - free, 20)
        let required = min(Duration.seconds(1 << excess), longestWait)
        let elapsed = Duration.seconds(now.timeIntervalSince(latest))
        return elapsed >= required ? nil : required - elapsed
    }
}
