import Foundation

/// What the server takes from the world — time, ids, chance — injected so tests can fix them
/// (no `Date()` or `UUID()` inside a service).
public struct ServerEnvironment: Sendable {
    public var now: @Sendable () -> Date
    public var makeID: @Sendable () -> String
    public var generator: any RandomNumberGenerator & Sendable

    public init(
        now: @escaping @Sendable () -> Date, makeID: @escaping @Sendable () -> String,
        generator: any RandomNumberGenerator & Sendable
    ) {
        self.now = now
        self.makeID = makeID
        self.generator = generator
    }

    public static var live: ServerEnvironment {
        ServerEnvironment(now: Date.init, makeID: { UUID().uuidString.lowercased() }, generator: SystemRandomNumberGenerator())
    }
}
