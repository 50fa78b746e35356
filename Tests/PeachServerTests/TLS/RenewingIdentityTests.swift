import Foundation
import Testing
import X509

@testable import PeachServer

/// A server that runs for months: the handshake's identity is renewed while serving.
struct RenewingIdentityTests {
    final class Names: @unchecked Sendable {
        var list = ["studio.local", "192.168.1.20", "localhost", "127.0.0.1"]
    }

    @Test func aNewAddressOrANearEndRenewsTheCertificateWhileServingWithTheSameCA() throws {
        let store = try CertificateAuthorityStoreTests.temporaryStore()
        let start = CertificateAuthorityStoreTests.start
        let names = Names()
        let initial = try store.identity(for: names.list, machine: "studio", now: start)
        let renewals = Names()
        renewals.list = []
        let renewing = RenewingIdentity(
            initial: initial, store: store, machine: "studio", names: { names.list }, checkedAt: start
        ) { renewals.list.append($0.fingerprint) }
        let authority = try CertificateAuthorityStoreTests.stored(store.authorityCertificateFile)

        #expect(renewing.identity(now: start + 30).fingerprint == initial.fingerprint)
        // DHCP gave a new address: within a minute the handshake presents a certificate naming it.
        names.list.append("192.168.1.77")
        #expect(renewing.identity(now: start + 59).fingerprint == initial.fingerprint) // not time to look yet
        let moved = renewing.identity(now: start + 120)
        #expect(moved.fingerprint != initial.fingerprint)
        let certificate = try CertificateAuthorityStoreTests.stored(store.certificateFile)
        #expect(
            try certificate.extensions.subjectAlternativeNames?.contains(.init(hostOrAddress: "192.168.1.77")) == true)
        #expect(moved.authorityCertificate == initial.authorityCertificate)

        // Eleven months on, still serving: renewed before its end.
        let late = start + CertificateAuthorityStore.lifetime - 20 * 86_400
        let renewed = renewing.identity(now: late)
        #expect(renewed.fingerprint != moved.fingerprint)
        #expect(
            try CertificateAuthorityStoreTests.stored(store.certificateFile).notValidAfter == late
                + CertificateAuthorityStore.lifetime)
        #expect(renewals.list == [moved.fingerprint, renewed.fingerprint])
        #expect(try CertificateAuthorityStoreTests.stored(store.authorityCertificateFile) == authority)
        // Nothing new: nothing renewed.
        #expect(renewing.identity(now: late + 3_600).fingerprint == renewed.fingerprint)
        #expect(renewals.list.count == 2)
    }

    @Test func theServedConfigurationAsksEveryHandshake() throws {
        let store = try CertificateAuthorityStoreTests.temporaryStore()
        let initial = try store.identity(for: ["localhost"], machine: "studio", now: Date())
        let served = RenewingIdentity(
            initial: initial, store: store, machine: "studio", names: { ["localhost"] }, checkedAt: Date()
        )
        .served()
        #expect(served.configuration.sslContextCallback != nil)
        #expect(
            served.fingerprint == initial.fingerprint && served.authorityCertificate == initial.authorityCertificate)
    }
}
