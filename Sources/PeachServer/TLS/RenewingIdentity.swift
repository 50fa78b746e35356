import Foundation
import NIOSSL

/// The server certificate of a long-running `peach serve` (the user unit runs for months): at most
/// once a minute, a TLS handshake asks the store whether the certificate still fits — renewed 30
/// days before its end, or when this machine has an address it does not name — and the handshake
/// presents the renewed one. The CA stays; a device that trusts it notices nothing.
public final class RenewingIdentity: @unchecked Sendable {
    private let store: CertificateAuthorityStore
    private let machine: String
    private let names: @Sendable () -> [String]
    private let checkEvery: TimeInterval
    private let onRenewal: @Sendable (TLSIdentity) -> Void
    private let lock = NSLock()
    private var current: TLSIdentity
    private var checked: Date

    /// - Parameter names: this machine's names and addresses now (read again at each check).
    /// - Parameter onRenewal: told of each renewed certificate (the server says so in one line).
    public init(
        initial: TLSIdentity, store: CertificateAuthorityStore, machine: String,
        names: @escaping @Sendable () -> [String],
        checkedAt: Date, checkEvery: TimeInterval = 60, onRenewal: @escaping @Sendable (TLSIdentity) -> Void = { _ in }
    ) {
        current = initial
        checked = checkedAt
        self.store = store
        self.machine = machine
        self.names = names
        self.checkEvery = checkEvery
        self.onRenewal = onRenewal
    }

    /// The identity to present at `now`: the current one, renewed first when it is time to look
    /// and it no longer fits. A failed renewal keeps serving the current one.
    public func identity(now: Date) -> TLSIdentity {
        lock.lock()
        defer { lock.unlock() }
        guard now.timeIntervalSince(checked) >= checkEvery else { return current }
        checked = now
        guard let fitting = try? store.identity(for: names(), machine: machine, now: now) else { return current }
        if fitting.fingerprint != current.fingerprint {
            current = fitting
            onRenewal(fitting)
        }
        return current
    }

    /// The initial identity with a per-handshake callback that presents `identity(now:)`.
    public func served(now: @escaping @Sendable () -> Date = Date.init) -> TLSIdentity {
        lock.lock()
        var served = current
        lock.unlock()
        served.configuration.sslContextCallback = { [self] _, promise in
            let presented = identity(now: now())
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = presented.configuration.certificateChain
            override.privateKey = presented.configuration.privateKey
            promise.succeed(override)
        }
        return served
    }
}
