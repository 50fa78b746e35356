import Foundation
import SwiftASN1
import Testing
import X509
@testable import PeachServer

struct SelfSignedCertificateStoreTests {
    static let names = ["192.168.1.20", "studio", "studio.local", "localhost", "127.0.0.1", "::1"]
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func temporaryStore() throws -> SelfSignedCertificateStore {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("peach-tls-\(UUID().uuidString)", isDirectory: true)
        return SelfSignedCertificateStore(directory: directory)
    }

    static func storedCertificate(_ store: SelfSignedCertificateStore) throws -> Certificate {
        try Certificate(pemEncoded: String(contentsOf: store.certificateFile, encoding: .utf8))
    }

    @Test func generatesACertificateForEveryNameWithAPrivateKeyOnlyTheUserReads() throws {
        let store = try Self.temporaryStore()
        let identity = try store.identity(for: Self.names, now: Self.start)

        let certificate = try Self.storedCertificate(store)
        let alternatives = try #require(try certificate.extensions.subjectAlternativeNames)
        #expect(alternatives.contains(.dnsName("studio.local")))
        #expect(alternatives.contains(.dnsName("localhost")))
        #expect(alternatives.contains(.ipAddress(ASN1OctetString(contentBytes: [192, 168, 1, 20]))))
        #expect(alternatives.contains(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))))
        #expect(alternatives.contains(.ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1])))))
        #expect(certificate.notValidAfter.timeIntervalSince(Self.start) == SelfSignedCertificateStore.lifetime)
        #expect(certificate.issuer == certificate.subject)

        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        #expect(identity.fingerprint == TLSIdentity.fingerprint(der: serializer.serializedBytes))
        #expect(identity.fingerprint.count == 32 * 3 - 1)
        let permissions = try FileManager.default.attributesOfItem(atPath: store.keyFile.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func reusesTheKeptCertificateOnTheNextStart() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, now: Self.start)
        let later = try store.identity(for: Self.names, now: Self.start + 200 * 86_400)
        // Fewer names are covered by the kept one too (an interface went down).
        let fewer = try store.identity(for: ["localhost"], now: Self.start + 201 * 86_400)
        #expect(later.fingerprint == first.fingerprint)
        #expect(fewer.fingerprint == first.fingerprint)
    }

    @Test func replacesACertificateThatHasExpiredOrIsAboutTo() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, now: Self.start)
        let lastDay = Self.start + SelfSignedCertificateStore.lifetime - 3_600
        let renewed = try store.identity(for: Self.names, now: lastDay)
        #expect(renewed.fingerprint != first.fingerprint)
        #expect(try Self.storedCertificate(store).notValidAfter == lastDay + SelfSignedCertificateStore.lifetime)
        let expired = try store.identity(for: Self.names, now: lastDay + 2 * SelfSignedCertificateStore.lifetime)
        #expect(expired.fingerprint != renewed.fingerprint)
    }

    @Test func replacesACertificateThatDoesNotNameANewAddress() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, now: Self.start)
        let moved = try store.identity(for: ["10.0.0.7"] + Self.names, now: Self.start + 60)
        #expect(moved.fingerprint != first.fingerprint)
        let alternatives = try #require(try Self.storedCertificate(store).extensions.subjectAlternativeNames)
        #expect(alternatives.contains(.ipAddress(ASN1OctetString(contentBytes: [10, 0, 0, 7]))))
    }

    @Test func replacesAPairWhoseKeyDoesNotMatchOrIsBroken() throws {
        let store = try Self.temporaryStore()
        let first = try store.identity(for: Self.names, now: Self.start)
        // A kill between the two renames of a renewal leaves a new key beside the old certificate.
        let other = try Self.temporaryStore()
        _ = try other.identity(for: Self.names, now: Self.start)
        try FileManager.default.removeItem(at: store.keyFile)
        try FileManager.default.copyItem(at: other.keyFile, to: store.keyFile)
        let mismatched = try store.identity(for: Self.names, now: Self.start + 60)
        #expect(mismatched.fingerprint != first.fingerprint)

        try Data("not a key".utf8).write(to: store.keyFile)
        let broken = try store.identity(for: Self.names, now: Self.start + 120)
        #expect(broken.fingerprint != mismatched.fingerprint)
        #expect(try store.identity(for: Self.names, now: Self.start + 180).fingerprint == broken.fingerprint)
    }

    @Test func aKeyOfAnotherCertificateIsRefusedWithAClearError() throws {
        let store = try Self.temporaryStore(), other = try Self.temporaryStore()
        _ = try store.identity(for: Self.names, now: Date())
        _ = try other.identity(for: Self.names, now: Date())
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
        #expect(identity.fingerprint == (try store.identity(for: Self.names, now: Self.start)).fingerprint)
    }
}
