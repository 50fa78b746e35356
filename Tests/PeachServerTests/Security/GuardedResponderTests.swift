import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing
import X509

@testable import PeachServer

/// The guard in front of the real router. The router test client has no peer address, which the
/// guard treats as "not this machine": exactly a phone on the network.
struct GuardedResponderTests {
    static let token = "fedcba9876543210fedcba9876543210"

    static func with(
        _ policy: AccessPolicy, _ body: @Sendable (RouterClient) async throws -> Void
    ) async throws {
        let directory = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: .unimplemented, logger: Logger(label: "test"))
        let responder = GuardedResponder(
            routes: try PeachApp.router(services: services).buildResponder(), policy: policy)
        try await Application(responder: responder).test(body)
        _ = directory
    }

    static let networkPolicy = AccessPolicy(token: token, acceptsIPAddressHosts: true)

    @Test func withoutTheTokenNothingIsServedAndEveryResponseCarriesTheSecurityHeaders() async throws {
        try await Self.with(Self.networkPolicy) { client in
            try await client.execute(uri: "/api/records/comparisons", method: .get) { response throws in
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains("access token"))
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
                #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
                #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            }
            try await client.execute(uri: "/", method: .get) { response throws in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            }
        }
    }

    @Test func theTokenInTheURLBecomesACookieAndIsDroppedFromTheAddress() async throws {
        try await Self.with(Self.networkPolicy) { client in
            try await client.execute(uri: "/?token=\(Self.token)", method: .get) { response throws in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/")
                #expect(response.headers[.setCookie]?.hasPrefix("peach_token=\(Self.token);") == true)
            }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "peach_token=\(Self.token)"]) {
                response throws in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("<script type=\"module\""))
                #expect(response.headers[.contentSecurityPolicy] != nil)
            }
            try await client.execute(
                uri: "/api/health", method: .get, headers: [.authorization: "Bearer \(Self.token)"]
            ) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
        }
    }

    @Test func aCrossSiteWriteIsRefusedBeforeItReachesTheRoute() async throws {
        try await Self.with(.loopbackOnly) { client in
            try await client.execute(
                uri: "/api/records", method: .delete, headers: [.origin: "https://evil.example"]
            ) { response throws in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("cross-site request"))
            }
            try await client.execute(uri: "/api/records", method: .delete, headers: [.origin: "http://localhost"]) {
                response throws in
                #expect(response.status == .noContent)
            }
        }
    }
}

/// Peach's CA certificate is public: a phone downloads it before it has the token's cookie.
struct AuthorityDownloadTests {
    @Test func theCACertificateIsServedWithoutTheTokenAsPEMAndDER() async throws {
        let authority = try LocalCertificateAuthority.make(machine: "studio", now: Date())
        let der = try CertificateAuthorityStore.der(authority.certificate)
        let directory = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: .unimplemented, logger: Logger(label: "test"))
        let responder = GuardedResponder(
            routes: try PeachApp.router(services: services).buildResponder(),
            policy: GuardedResponderTests.networkPolicy,
            authority: AuthorityDownload(der: der))
        try await Application(responder: responder).test { client in
            try await client.execute(uri: "/ca.crt", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/x-x509-ca-cert")
                #expect(Array(response.body.readableBytesView) == der)
                #expect(response.headers[.contentSecurityPolicy] != nil)
            }
            try await client.execute(uri: "/ca.pem", method: .get) { response throws in
                #expect(response.status == .ok)
                let pem = String(buffer: response.body)
                #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
                #expect(try Certificate(pemEncoded: pem) == authority.certificate)
            }
            // Nothing else is: the app and the API still need the token.
            try await client.execute(uri: "/", method: .get) { response throws in
                #expect(response.status == .unauthorized)
            }
        }
        _ = directory
    }
}
