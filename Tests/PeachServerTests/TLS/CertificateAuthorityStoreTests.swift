import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@testable import PeachServer

struct CertificateAuthorityStoreTests {
    static let names = ["studio.local", "192.168.1.20", "studio", "8.8.8.8", "localhost", "127.0.0.1", "::1"]
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func temporaryStore() throws -> CertificateAuthorityStore {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("peach-tls-\(UUID().uuidString)", isDirectory: true)
        return CertificateAuthorityStore(directory: directory)
    }

    static func stored(_ file: URL) throws -> Certificate {
        try Certificate(pemEncoded: String(contentsOf: file, encoding: .utf8))
    }

    static func permissions(_ file: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    }

    @Test func theFirstServeMakesACAAndAServerCertificateItSignedForEveryLocalName() throws {
        let store = try Self.temporaryStore()
        let identity = try store.identity(for: Self.names, machine: "studio", now: Self.start)

        let authority = try Self.stored(store.authorityCertificateFile)
        let certificate = try Self.stored(store.certificateFile)
        #expect(certificate.issuer == authority.subject)
        #expect(authority.publicKey.isValidSignature(certificate.signature, for: certificate))
        let alternatives = try #require(try certificate.extensions.subjectAlternativeNames)
        #expect(
            Set(alternatives)
                == Set([
                    .dnsName("studio.local"), .dnsName("localhost"),
                    .ipAddress(ASN1OctetString(contentBytes: [192, 168, 1, 20])),
                    .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                    .ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1]))),
                ])) // not the bare host name nor the public address: one name outside the constraints fails it all
        #expect(certificate.notValidAfter.timeIntervalSince(Self.start) == CertificateAuthorityStore.lifetime)

        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        #expect(identity.fingerprint == TLSIdentity.fingerprint(der: serializer.serializedBytes))
        #expect(identity.authorityCertificate == (try CertificateAuthorityStore.der(authority)))
        #expect(try Self.permissions(store.keyFile) == 0o600)
        #expect(try Self.permissions(store.authorityKeyFile) == 0o600)
    }

    @Test func reusesTheKeptCertificateOnTheNextStart() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, machine: "studio", now: Self.start)
        let later = try store.identity(for: Self.names, machine: "studio", now: Self.start + 200 * 86_400)
        // Fewer names are covered by the kept one too (an interface went down).
        let fewer = try store.identity(for: ["localhost"], machine: "studio", now: Self.start + 201 * 86_400)
        #expect(later.fingerprint == first.fingerprint)
        #expect(fewer.fingerprint == first.fingerprint)
    }

    @Test func aServerCertificateNearItsEndIsRenewedBySameCA() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, machine: "studio", now: Self.start)
        let authority = try Self.stored(store.authorityCertificateFile)
        let lastMonth = Self.start + CertificateAuthorityStore.lifetime - 29 * 86_400
        let renewed = try store.identity(for: Self.names, machine: "studio", now: lastMonth)
        #expect(renewed.fingerprint != first.fingerprint)
        #expect(try Self.stored(store.certificateFile).notValidAfter == lastMonth + CertificateAuthorityStore.lifetime)
        let expired = try store.identity(
            for: Self.names, machine: "studio", now: lastMonth + 2 * CertificateAuthorityStore.lifetime)
        #expect(expired.fingerprint != renewed.fingerprint)
        #expect(try Self.stored(store.authorityCertificateFile) == authority)
        #expect(
            renewed.authorityCertificate == first.authorityCertificate
                && expired.authorityCertificate == first.authorityCertificate)
        #expect(
            authority.publicKey.isValidSignature(
                try Self.stored(store.certificateFile).signature, for: try Self.stored(store.certificateFile)))
    }

    @Test func aNewAddressGetsANewServerCertificateFromTheSameCA() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, machine: "studio", now: Self.start)
        let authority = try Self.stored(store.authorityCertificateFile)
        let moved = try store.identity(for: ["10.0.0.7"] + Self.names, machine: "studio", now: Self.start + 60)
        #expect(moved.fingerprint != first.fingerprint)
        let certificate = try Self.stored(store.certificateFile)
        let alternatives = try #require(try certificate.extensions.subjectAlternativeNames)
        #expect(alternatives.contains(.ipAddress(ASN1OctetString(contentBytes: [10, 0, 0, 7]))))
        #expect(try Self.stored(store.authorityCertificateFile) == authority)
        #expect(authority.publicKey.isValidSignature(certificate.signature, for: certificate))
    }

    @Test func aSelfSignedCertificateOfAnEarlierPeachIsReplacedByOneTheCASigned() throws {
        let store = try Self.temporaryStore()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName("Peach on studio") }
        let selfSigned = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: Self.start - 60,
            notValidAfter: Self.start + 300 * 86_400, issuer: subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                SubjectAlternativeNames(Self.names.map(GeneralName.init(hostOrAddress:)))
            },
            issuerPrivateKey: .init(key))
        try (selfSigned.serializeAsPEM().pemString + "\n").write(
            to: store.certificateFile, atomically: true, encoding: .utf8)
        try (key.pemRepresentation + "\n").write(to: store.keyFile, atomically: true, encoding: .utf8)

        _ = try store.identity(for: Self.names, machine: "studio", now: Self.start)
        #expect(
            try Self.stored(store.certificateFile).issuer == (try Self.stored(store.authorityCertificateFile)).subject)
    }

    @Test func anUnreadableCAIsAnErrorNeverANewCA() throws {
        let store = try Self.temporaryStore()
        _ = try store.identity(for: Self.names, machine: "studio", now: Self.start)
        let authority = try Data(contentsOf: store.authorityCertificateFile)
        try Data("not a key".utf8).write(to: store.authorityKeyFile)
        #expect(throws: CertificateAuthorityStoreError.self) {
            try store.identity(for: Self.names, machine: "studio", now: Self.start + 60)
        }
        let other = try Self.temporaryStore()
        _ = try other.identity(for: Self.names, machine: "studio", now: Self.start)
        try FileManager.default.removeItem(at: store.authorityKeyFile)
        try FileManager.default.copyItem(at: other.authorityKeyFile, to: store.authorityKeyFile)
        #expect {
            try store.identity(for: Self.names, machine: "studio", now: Self.start + 60)
        } throws: { error in
            (error as? CertificateAuthorityStoreError)?.description.contains("does not belong") == true
        }
        #expect(try Data(contentsOf: store.authorityCertificateFile) == authority)
    }

    @Test func replacesAServerPairWhoseKeyDoesNotMatchOrIsBroken() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, machine: "studio", now: Self.start)
        // A kill between the two renames of a renewal leaves a new key beside the old certificate.
        try FileManager.default.removeItem(at: store.keyFile)
        try (P256.Signing.PrivateKey().pemRepresentation + "\n").write(
            to: store.keyFile, atomically: true, encoding: .utf8)
        let mismatched = try store.identity(for: Self.names, machine: "studio", now: Self.start + 60)
        #expect(mismatched.fingerprint != first.fingerprint)

        try Data("not a key".utf8).write(to: store.keyFile)
        let broken = try store.identity(for: Self.names, machine: "studio", now: Self.start + 120)
        #expect(broken.fingerprint != mismatched.fingerprint)
        #expect(
            try store.identity(for: Self.names, machine: "studio", now: Self.start + 180).fingerprint
                == broken.fingerprint)
    }

    @Test func aKeyOfAnotherCertificateIsRefusedWithAClearError() throws {
        let store = try Self.temporaryStore()
        let other = try Self.temporaryStore()
        _ = try store.identity(for: Self.names, machine: "studio", now: Date())
        _ = try other.identity(for: Self.names, machine: "studio", now: Date())
        #expect {
            try TLSIdentity(certificateFile: store.certificateFile.path, keyFile: other.keyFile.path)
        } throws: { error in
            guard case .keyDoesNotMatch = error as? TLSIdentityError else { return false }
            return true
        }
        #expect(throws: TLSIdentityError.self) {
            try TLSIdentity(certificateFile: store.certificateFile.path, keyFile: store.certificateFile.path)
        }
        let identity = try TLSIdentity(certificateFile: store.certificateFile.path, keyFile: store.keyFile.path)
        #expect(
            identity.fingerprint == (try store.identity(for: Self.names, machine: "studio", now: Date())).fingerprint)
    }
}
