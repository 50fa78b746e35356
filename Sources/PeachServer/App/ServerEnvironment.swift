import Foundation

/// What the server takes from the world — time, ids, chance — injected so tests can fix them
/// (no `Date()` or `UUID()` inside a service).
public struct ServerEnvironment: Sendable {
    public var now: @Sendable () -> Date
    public var makeID: @Sendable () -> String
    /// Shared by every copy of the environment, so that one seeded generator yields one sequence
    /// across requests: a copied value generator would give each request (each new class's
    /// invitation code) the same numbers.
    public var generator: SharedRandomNumberGenerator

    public init(
        now: @escaping @Sendable () -> Date, makeID: @escaping @Sendable () -> String,
        generator: some RandomNumberGenerator & Sendable
    ) {
        self.now = now
        self.makeID = makeID
        self.generator = SharedRandomNumberGenerator(generator)
    }

    public static var live: ServerEnvironment {
        ServerEnvironment(
            now: Date.init, makeID: { UUID().uuidString.lowercased() }, generator: SystemRandomNumberGenerator())
    }
}
