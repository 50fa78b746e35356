import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificate `peach serve` presents on the LAN when no `--tls-cert` is given: self-signed,
/// kept in the data directory so a phone that accepted it once is not asked again, and made anew
/// when it has expired or no longer names one of this machine's addresses.
public struct SelfSignedCertificateStore: Sendable {
    public let directory: URL
    /// Browsers refuse longer-lived server certificates (398 days), phones too once a user trusts them.
    public static let lifetime: TimeInterval = 365 * 86_400
    /// A certificate this close to its end is replaced rather than let expire while serving.
    static let renewalMargin: TimeInterval = 86_400

    public init(directory: URL) {
        self.directory = directory
    }

    public var certificateFile: URL { directory.appendingPathComponent("tls-certificate.pem") }
    public var keyFile: URL { directory.appendingPathComponent("tls-key.pem") }

    /// The kept certificate if it still fits, otherwise a new one (written key first, each file
    /// renamed into place, so a kill leaves either the old pair, or a pair found not to match and
    /// replaced on the next start).
    /// - Parameter names: host names and IP addresses the certificate must name.
    public func identity(for names: [String], now: Date) throws -> TLSIdentity {
        if let kept = try? kept(for: names, now: now) { return kept }
        let key = P256.Signing.PrivateKey()
        let certificate = try Self.certificate(for: names, key: key, now: now)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keyPEM = key.pemRepresentation + "\n"
        let certificatePEM = try certificate.serializeAsPEM().pemString + "\n"
        try Self.replace(keyFile, with: keyPEM, permissions: 0o600)
        try Self.replace(certificateFile, with: certificatePEM, permissions: 0o644)
        return try TLSIdentity(certificatePEM: Array(certificatePEM.utf8), privateKeyPEM: Array(keyPEM.utf8))
    }

    private func kept(for names: [String], now: Date) throws -> TLSIdentity? {
        let certificatePEM = try String(contentsOf: certificateFile, encoding: .utf8)
        let keyPEM = try String(contentsOf: keyFile, encoding: .utf8)
        let certificate = try Certificate(pemEncoded: certificatePEM)
        guard certificate.notValidBefore <= now, now + Self.renewalMargin < certificate.notValidAfter,
              let alternatives = try certificate.extensions.subjectAlternativeNames,
              Set(names.map(GeneralName.init(hostOrAddress:))).isSubset(of: Set(alternatives)),
              try certificate.publicKey == Certificate.PublicKey(P256.Signing.PrivateKey(pemRepresentation: keyPEM).publicKey)
        else { return nil }
        return try TLSIdentity(certificatePEM: Array(certificatePEM.utf8), privateKeyPEM: Array(keyPEM.utf8))
    }

    static func certificate(for names: [String], key: P256.Signing.PrivateKey, now: Date) throws -> Certificate {
        let subject = try DistinguishedName {
            OrganizationName("Peach")
            CommonName("Peach on \(names.first ?? "localhost")")
        }
        let alternatives = SubjectAlternativeNames(names.map(GeneralName.init(hostOrAddress:)))
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 300, notValidAfter: now + lifetime, issuer: subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                alternatives
            },
            issuerPrivateKey: .init(key))
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
