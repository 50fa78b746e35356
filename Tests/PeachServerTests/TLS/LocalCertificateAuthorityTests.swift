import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@testable import PeachServer

/// Peach's CA vouches for local names only: checked with swift-certificates' own verifier, whose
/// RFC 5280 policy enforces name constraints as browsers do.
struct LocalCertificateAuthorityTests {
    static let now = Date()

    /// Whether a verifier that trusts only `authority` accepts a server certificate it signed for
    /// `names`, reached as `host`.
    static func accepted(_ names: [String], host: String, authority: LocalCertificateAuthority) async throws -> (
        Bool, String
    ) {
        let leaf = try authority.issue(for: names, key: P256.Signing.PrivateKey(), now: now, lifetime: 86_400)
        let isAddress = GeneralName(hostOrAddress: host).isIPAddress
        var verifier = Verifier(rootCertificates: CertificateStore([authority.certificate])) {
            RFC5280Policy()
            ServerIdentityPolicy(serverHostname: isAddress ? nil : host, serverIP: isAddress ? host : nil)
        }
        switch await verifier.validate(leaf: leaf, intermediates: CertificateStore()) {
        case .validCertificate: return (true, "")
        case .couldNotValidate(let failures):
            return (false, failures.map { "\($0.policyFailureReason)" }.joined(separator: "; "))
        }
    }

    @Test func theCACarriesCriticalNameConstraintsForLocalNamesOnly() throws {
        let authority = try LocalCertificateAuthority.make(machine: "peach-host", now: Self.now)
        let extensions = authority.certificate.extensions
        let constraints = try #require(try extensions.nameConstraints)
        #expect(extensions.first { $0.oid == .X509ExtensionID.nameConstraints }?.critical == true)
        #expect(Set(constraints.permittedDNSDomains) == ["localhost", "local"])
        #expect(constraints.permittedIPRanges.count == 7)
        #expect(try extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(extensions.first { $0.oid == .X509ExtensionID.basicConstraints }?.critical == true)
        #expect(authority.certificate.issuer == authority.certificate.subject)
    }

    @Test func aCertificateItSignsForAPublicNameOrAddressIsRejected() async throws {
        let authority = try LocalCertificateAuthority.make(machine: "peach-host", now: Self.now)
        let (publicName, nameReason) = try await Self.accepted(
            ["example.com"], host: "example.com", authority: authority)
        #expect(!publicName)
        #expect(nameReason.contains("example.com") || nameReason.contains("permitted subtree"), "\(nameReason)")
        let (publicAddress, _) = try await Self.accepted(["8.8.8.8"], host: "8.8.8.8", authority: authority)
        #expect(!publicAddress)
        // One public name among local ones is enough to refuse the whole certificate.
        let (mixed, _) = try await Self.accepted(
            ["peach-host.local", "example.com"], host: "peach-host.local", authority: authority)
        #expect(!mixed)
        let (bareHost, _) = try await Self.accepted(["peach-host"], host: "peach-host", authority: authority)
        #expect(!bareHost)
    }

    @Test func aCertificateItSignsForLocalNamesAndPrivateAddressesIsAccepted() async throws {
        let authority = try LocalCertificateAuthority.make(machine: "peach-host", now: Self.now)
        let names = [
            "peach-host.local", "localhost", "192.168.1.5", "10.1.2.3", "172.31.0.9", "127.0.0.1", "::1", "fd12::5",
            "fe80::1",
        ]
        for host in names {
            let (ok, reason) = try await Self.accepted(names, host: host, authority: authority)
            #expect(ok, "\(host): \(reason)")
        }
    }

    @Test(arguments: [
        ("peach-host.local", true), ("localhost", true), ("a.b.local", true), ("127.5.0.1", true), ("::1", true),
        ("192.168.1.5", true), ("10.0.0.1", true), ("172.16.0.1", true), ("172.31.255.255", true), ("fd00::1", true),
        ("fe80::1234", true), ("example.com", false), ("notlocal", false), ("peach-host", false), ("8.8.8.8", false),
        ("172.32.0.1", false), ("192.0.2.2", false), ("2001:db8::1", false), ("::2", false),
        ("local.example.com", false),
    ])
    func permitsExactlyWhatTheConstraintsAllow(name: String, permitted: Bool) async throws {
        #expect(LocalCertificateAuthority.permits(name) == permitted)
        // The same answer as the verifier's: the filter keeps every certificate Peach makes valid.
        let authority = try LocalCertificateAuthority.make(machine: "peach-host", now: Self.now)
        #expect(try await Self.accepted([name], host: name, authority: authority).0 == permitted)
    }
}

extension GeneralName {
    var isIPAddress: Bool {
        if case .ipAddress = self { return true }
        return false
    }
}
