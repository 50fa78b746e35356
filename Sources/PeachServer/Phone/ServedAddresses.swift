import Synchronization

/// What `GET /api/phone` tells: known only once the server listens (the port may be a free one it
/// picked, the `.local` name is announced then), so `peach serve` hands it over from its
/// on-listening callback. Empty on a server that listens on loopback only.
public final class ServedAddresses: Sendable {
    /// Peach's own CA as a phone shows it when installing it.
    public struct Authority: Sendable, Equatable {
        public var name: String
        /// SHA-256 of its certificate, as colon-separated hex pairs.
        public var fingerprint: String

        public init(name: String, fingerprint: String) {
            self.name = name
            self.fingerprint = fingerprint
        }
    }

    private let served = Mutex<(access: PhoneAccess, authority: Authority?)?>(nil)

    public init() {}

    /// - Parameter authority: nil when the server's certificate is not Peach's own (`--tls-cert`).
    public func serving(_ access: PhoneAccess, authority: Authority?) {
        served.withLock { $0 = (access, authority) }
    }

    var current: (access: PhoneAccess, authority: Authority?)? { served.withLock { $0 } }
}
