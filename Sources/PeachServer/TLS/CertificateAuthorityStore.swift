import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificates `peach serve` presents on the LAN when no `--tls-cert` is given, kept in the
/// data directory: Peach's own CA (`LocalCertificateAuthority`, made once and never replaced, so a
/// phone that trusts it stays trusting), and a server certificate it signed, made anew when it is
/// near its end or no longer names one of this machine's addresses.
public struct CertificateAuthorityStore: Sendable {
    public let directory: URL
    /// Browsers refuse longer-lived server certificates (398 days), phones too once a user trusts them.
    public static let lifetime: TimeInterval = 365 * 86_400
    /// A server certificate this close to its end is replaced at a start rather than let expire
    /// while a long-running service still serves it.
    static let renewalMargin: TimeInterval = 30 * 86_400

    public init(directory: URL) {
        self.directory = directory
    }

    public var authorityCertificateFile: URL { directory.appendingPathComponent("peach-ca.pem") }
    public var authorityKeyFile: URL { directory.appendingPathComponent("peach-ca-key.pem") }
    public var certificateFile: URL { directory.appendingPathComponent("tls-certificate.pem") }
    public var keyFile: URL { directory.appendingPathComponent("tls-key.pem") }

    /// The CA, made on the first call. One whose files exist but cannot be read is an error, not
    /// a reason for a new one: every device that trusts it would silently stop trusting Peach.
    public func authority(machine: String, now: Date) throws -> LocalCertificateAuthority {
        guard FileManager.default.fileExists(atPath: authorityCertificateFile.path) else {
            // Key first: a kill between the two renames leaves a key without a certificate, which
            // no device can have trusted.
            let made = try LocalCertificateAuthority.make(machine: machine, now: now)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Self.replace(authorityKeyFile, with: made.key.pemRepresentation + "\n", permissions: 0o600)
            try Self.replace(
                authorityCertificateFile, with: try made.certificate.serializeAsPEM().pemString + "\n",
                permissions: 0o644)
            return made
        }
        do {
            let certificate = try Certificate(pemEncoded: String(contentsOf: authorityCertificateFile, encoding: .utf8))
            let key = try P256.Signing.PrivateKey(
                pemRepresentation: String(contentsOf: authorityKeyFile, encoding: .utf8))
            guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
                throw CertificateAuthorityStoreError.unusableAuthority(
                    directory: directory.path, reason: "its key does not belong to it")
            }
            return LocalCertificateAuthority(certificate: certificate, key: key)
        } catch let error as CertificateAuthorityStoreError {
            throw error
        } catch {
            throw CertificateAuthorityStoreError.unusableAuthority(directory: directory.path, reason: "\(error)")
        }
    }

    /// The kept CA's name and SHA-256 fingerprint, as a phone shows them; nil when there is none.
    public func keptAuthority() -> (name: String, fingerprint: String)? {
        guard let text = try? String(contentsOf: authorityCertificateFile, encoding: .utf8),
            let certificate = try? Certificate(pemEncoded: text), let der = try? Self.der(certificate)
        else { return nil }
        let name =
            certificate.subject.flatMap { $0 }.first { $0.type == .RDNAttributeType.commonName }
            .map { "\($0.value)" } ?? "Peach CA"
        return (name, TLSIdentity.fingerprint(der: der))
    }

    /// The kept server certificate if it still fits, otherwise a new one signed by the CA (written
    /// key first, each file renamed into place, so a kill leaves either the old pair, or a pair found
    /// not to match and replaced on the next start).
    /// - Parameter names: host names and IP addresses to serve; those outside the CA's name
    ///   constraints are left out (a browser would refuse the whole certificate for one of them).
    public func identity(for names: [String], machine: String, now: Date) throws -> TLSIdentity {
        let authority = try authority(machine: machine, now: now)
        var served: [String] = []
        for name in names where LocalCertificateAuthority.permits(name) && !served.contains(name.lowercased()) {
            served.append(name.lowercased())
        }
        let authorityDER = try Self.der(authority.certificate)
        if var kept = try? kept(for: served, authority: authority, now: now) {
            kept.authorityCertificate = authorityDER
            return kept
        }
        let key = P256.Signing.PrivateKey()
        let certificate = try authority.issue(for: served, key: key, now: now, lifetime: Self.lifetime)
        let keyPEM = key.pemRepresentation + "\n"
        let certificatePEM = try certificate.serializeAsPEM().pemString + "\n"
        try Self.replace(keyFile, with: keyPEM, permissions: 0o600)
        try Self.replace(certificateFile, with: certificatePEM, permissions: 0o644)
        var identity = try TLSIdentity(certificatePEM: Array(certificatePEM.utf8), privateKeyPEM: Array(keyPEM.utf8))
        identity.authorityCertificate = authorityDER
        return identity
    }

    private func kept(for names: [String], authority: LocalCertificateAuthority, now: Date) throws -> TLSIdentity? {
        let certificatePEM = try String(contentsOf: certificateFile, encoding: .utf8)
        let keyPEM = try String(contentsOf: keyFile, encoding: .utf8)
        let certificate = try Certificate(pemEncoded: certificatePEM)
        // A self-signed certificate of an earlier Peach, or one of another CA, is replaced.
        guard authority.signed(certificate),
            certificate.notValidBefore <= now, now + Self.renewalMargin < certificate.notValidAfter,
            let alternatives = try certificate.extensions.subjectAlternativeNames,
            Set(names.map(GeneralName.init(hostOrAddress:))).isSubset(of: Set(alternatives)),
            try certificate.publicKey
                == Certificate.PublicKey(P256.Signing.PrivateKey(pemRepresentation: keyPEM).publicKey)
        else { return nil }
        return try TLSIdentity(certificatePEM: Array(certificatePEM.utf8), privateKeyPEM: Array(keyPEM.utf8))
    }

    static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    private static func replace(_ file: URL, with text: String, permissions: Int) throws {
        let temporary = file.appendingPathExtension("new")
        FileManager.default.createFile(
            atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: permissions])
        let handle = try FileHandle(forUpdating: temporary)
        try handle.synchronize()
        try handle.close()
        if rename(temporary.path, file.path) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }
}

public enum CertificateAuthorityStoreError: Error, CustomStringConvertible {
    case unusableAuthority(directory: String, reason: String)

    public var description: String {
        switch self {
        case .unusableAuthority(let directory, let reason):
            "Peach's certificate authority in \(directory) cannot be used (\(reason)); Peach never replaces it on its own, "
                + "because every phone that trusts it would stop trusting Peach: restore peach-ca.pem and peach-ca-key.pem, "
                + "or move both away to make a new CA and trust that one on every device"
        }
    }
}

extension GeneralName {
    /// An IP literal as an address entry (what browsers match an IP URL against), anything else as a DNS name.
    init(hostOrAddress name: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            self = .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            self = .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
        } else {
            self = .dnsName(name.lowercased())
        }
    }
}
