import Crypto
import Dispatch
import Foundation
import HummingbirdBcrypt

/// bcrypt, off the concurrency pool: a hash costs tens of milliseconds of CPU on purpose, and the
/// pool's few threads keep serving other requests meanwhile.
///
/// bcrypt reads only a password's first 72 bytes, so `"A"*72+"x"` would sign in as `"A"*72+"y"`.
/// The password's SHA-256, in base64 (44 bytes, no NUL), is what goes into bcrypt instead; a hash
/// stored before that (bcrypt of the password itself) still verifies, and `isOutdated` tells the
/// caller to store a new one at that sign-in.
public struct PasswordHasher: Sendable {
    /// 2^cost rounds. 10 takes about 60 ms here; tests use the minimum, 4.
    public let cost: UInt8

    private let decoy: String

    /// Marks a stored hash of the pre-hashed password; bcrypt's own hashes start with "$2".
    static let prehashedPrefix = "sha256:"

    public init(cost: UInt8 = 10) {
        self.cost = cost
        decoy = Self.bcrypt("decoy", cost: cost)
    }

    public func hash(_ password: String) async -> String {
        let cost = cost
        return await offPool { Self.bcrypt(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async -> Bool {
        await offPool {
            if hash.hasPrefix(Self.prehashedPrefix) {
                Bcrypt.verify(Self.prehashed(password), hash: String(hash.dropFirst(Self.prehashedPrefix.count)))
            } else {
                Bcrypt.verify(password, hash: hash)
            }
        }
    }

    /// A hash of the password itself, from before pre-hashing: replace it once the password is known.
    public static func isOutdated(_ hash: String) -> Bool {
        !hash.hasPrefix(prehashedPrefix)
    }

    /// A hash of nothing anyone types, verified when the name is unknown so that a wrong name takes
    /// as long as a wrong password and does not tell which names exist.
    public func verifyNothing(_ password: String) async {
        _ = await verify(password, hash: decoy)
    }

    private static func bcrypt(_ password: String, cost: UInt8) -> String {
        prehashedPrefix + Bcrypt.hash(prehashed(password), cost: cost)
    }

    private static func prehashed(_ password: String) -> String {
        Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
