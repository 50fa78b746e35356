import Foundation
import PeachCore
import Synchronization
import Testing

@testable import PeachServer

extension ServerEnvironment {
    /// Every seam records an issue naming itself when used, so a test cannot read the real clock,
    /// real ids or real chance by accident: it sets the seams it uses (isowords' `unimplemented`).
    static var unimplemented: ServerEnvironment {
        let now = Unimplemented("ServerEnvironment.now") { Date(timeIntervalSince1970: 0) }
        let makeID = Unimplemented("ServerEnvironment.makeID") { "unimplemented" }
        return ServerEnvironment(now: { now() }, makeID: { makeID() }, generator: UnimplementedGenerator())
    }

    /// A clock that stands still at `now`, ids counted from "id-1", and a seeded generator.
    static func fixed(now: Date = Date(timeIntervalSince1970: 1_800_000_000), seed: UInt64 = 1) -> ServerEnvironment {
        let counter = Mutex(0)
        return ServerEnvironment(
            now: { now },
            makeID: {
                counter.withLock {
                    $0 += 1
                    return "id-\($0)"
                }
            }, generator: SeededGenerator(seed: seed))
    }
}

/// A seam a test did not set: the first use records an issue (once, so a loop does not bury the
/// test's own failures), then answers a placeholder so the test runs on to report the rest.
final class Unimplemented<Value: Sendable>: Sendable {
    let name: String
    let placeholder: @Sendable () -> Value
    let used = Mutex(false)

    init(_ name: String, placeholder: @escaping @Sendable () -> Value) {
        self.name = name
        self.placeholder = placeholder
    }

    func callAsFunction() -> Value {
        if !used.withLock({ used in
            defer { used = true }
            return used
        }) {
            Issue.record("\(name) was used but the test did not set it")
        }
        return placeholder()
    }
}

/// The random seam a test did not set. Its numbers still vary (a Weyl sequence), because a
/// constant would spin `random(in:)`'s rejection sampling forever.
struct UnimplementedGenerator: RandomNumberGenerator, Sendable {
    private let used = Unimplemented("ServerEnvironment.generator") { () }
    private var state: UInt64 = 0

    mutating func next() -> UInt64 {
        used()
        state &+= 0x9E37_79B9_7F4A_7C15
        return state
    }
}
