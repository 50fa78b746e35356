import Synchronization

/// One random sequence that every holder draws from in turn.
public final class SharedRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private let generator: Mutex<any RandomNumberGenerator & Sendable>

    public init(_ generator: some RandomNumberGenerator & Sendable) { self.generator = Mutex(generator) }

    public func next() -> UInt64 { generator.withLock { $0.next() } }
}
