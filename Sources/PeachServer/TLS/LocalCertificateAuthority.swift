import Crypto
import Foundation
import SwiftASN1
import X509

/// Peach's own certificate authority for the addresses it serves on a home network. A phone trusts
/// it once (a browser gives a service worker, so install and offline, only to a certificate it
/// trusts, never to one clicked through), and every server certificate Peach makes later is
/// trusted with it.
///
/// Its critical RFC 5280 name constraints let it vouch for local names only: `localhost`, names
/// under `.local` (mDNS), loopback and the private address ranges. A verifier rejects a
/// certificate it signed for any other name, so even a leaked key cannot impersonate a bank.
/// `.local` as a whole rather than this machine's one name: the private ranges already cover every
/// device on the network, and a renamed machine keeps its CA (phones would have to trust a new one).
public struct LocalCertificateAuthority: Sendable {
    public let certificate: Certificate
    let key: P256.Signing.PrivateKey

    /// A phone trusts the CA once; a new one would mean trusting again on every device.
    public static let lifetime: TimeInterval = 20 * 365 * 86_400

    /// DNS subtrees: a constraint names itself and every name below it.
    public static let permittedDNSDomains = ["localhost", "local"]

    /// Address and mask, as RFC 5280 encodes an iPAddress subtree.
    public static let permittedIPRanges: [[UInt8]] = [
        [127, 0, 0, 0, 255, 0, 0, 0], // 127.0.0.0/8, loopback
        [10, 0, 0, 0, 255, 0, 0, 0], // 10.0.0.0/8
        [172, 16, 0, 0, 255, 240, 0, 0], // 172.16.0.0/12
        [192, 168, 0, 0, 255, 255, 0, 0], // 192.168.0.0/16
        [UInt8](repeating: 0, count: 15) + [1] + [UInt8](repeating: 255, count: 16), // ::1/128
        [0xFC] + [UInt8](repeating: 0, count: 15) + [0xFE] + [UInt8](repeating: 0, count: 15), // fc00::/7, unique local
        // fe80::/10, link-local
        [0xFE, 0x80] + [UInt8](repeating: 0, count: 14) + [0xFF, 0xC0] + [UInt8](repeating: 0, count: 14),
    ]

    public static var nameConstraints: NameConstraints {
        NameConstraints(
            permittedDNSDomains: permittedDNSDomains,
            permittedIPRanges: permittedIPRanges.map { ASN1OctetString(contentBytes: ArraySlice($0)) })
    }

    /// A new CA: made once, on the first serve beyond loopback.
    /// - Parameter machine: the host name shown in its name, so a phone's list of trusted
    ///   certificates says which Peach it is.
    public static func make(machine: String, now: Date) throws -> LocalCertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName {
            OrganizationName("Peach")
            CommonName("Peach CA on \(machine)")
        }
        let publicKey = Certificate.PublicKey(key.publicKey)
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: now - 300, notValidAfter: now + lifetime, issuer: subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                Critical(nameConstraints)
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: .init(key))
        return LocalCertificateAuthority(certificate: certificate, key: key)
    }

    /// A server certificate for `names` (host names and IP literals), signed by this CA. It signs
    /// whatever it is asked to; a name outside `permits` makes browsers refuse the whole certificate.
    public func issue(
        for names: [String], key serverKey: P256.Signing.PrivateKey, now: Date, lifetime: TimeInterval
    ) throws -> Certificate {
        let subject = try DistinguishedName {
            OrganizationName("Peach")
            // Not a host name (it has spaces), so no verifier matches it against the constraints.
            CommonName("Peach on \(names.first ?? "localhost")")
        }
        let authorityKeyIdentifier = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 300, notValidAfter: now + lifetime, issuer: certificate.subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map(GeneralName.init(hostOrAddress:)))
                AuthorityKeyIdentifier(keyIdentifier: authorityKeyIdentifier)
            },
            issuerPrivateKey: .init(key))
    }

    /// Whether this CA's name constraints allow `name`: a server certificate names only these
    /// (a public address of this machine, or its bare host name, is left out).
    public static func permits(_ name: String) -> Bool {
        switch GeneralName(hostOrAddress: name) {
        case .dnsName(let dns):
            return permittedDNSDomains.contains { dns == $0 || dns.hasSuffix("." + $0) }
        case .ipAddress(let address):
            let bytes = Array(address.bytes)
            return permittedIPRanges.contains { range in
                range.count == 2 * bytes.count
                    && bytes.indices.allSatisfy { bytes[$0] & range[bytes.count + $0] == range[$0] }
            }
        default:
            return false
        }
    }

    /// Whether `certificate` was signed by this CA's key.
    func signed(_ leaf: Certificate) -> Bool {
        leaf.issuer == certificate.subject && certificate.publicKey.isValidSignature(leaf.signature, for: leaf)
    }
}
