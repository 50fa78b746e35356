import Dispatch
import HummingbirdBcrypt

/// bcrypt, off the concurrency pool: a hash costs tens of milliseconds of CPU on purpose, and the
/// pool's few threads keep serving other requests meanwhile.
public struct PasswordHasher: Sendable {
    /// 2^cost rounds. 10 takes about 60 ms here; tests use the minimum, 4.
    public let cost: UInt8

    private let decoy: String

    public init(cost: UInt8 = 10) {
        self.cost = cost
        decoy = Bcrypt.hash("decoy", cost: cost)
    }

    public func hash(_ password: String) async -> String {
        let cost = cost
        return await offPool { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async -> Bool {
        await offPool { Bcrypt.verify(password, hash: hash) }
    }

    /// A hash of nothing anyone types, verified when the name is unknown so that a wrong name takes
    /// as long as a wrong password and does not tell which names exist.
    public func verifyNothing(_ password: String) async {
        _ = await verify(password, hash: decoy)
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
