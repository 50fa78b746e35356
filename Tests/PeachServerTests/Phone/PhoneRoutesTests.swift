import Foundation
import Hummingbird
import Testing

@testable import PeachServer

/// `GET /api/phone`: what the "Use Peach on your phone" page shows, from what `peach serve` handed
/// over once it listened.
struct PhoneRoutesTests {
    struct Phone: Decodable {
        struct Address: Decodable, Equatable {
            let url: String
            let kind: String
        }
        struct Authority: Decodable {
            let crt: String
            let pem: String
            let name: String
            let fingerprint: String
        }
        let lan: Bool
        let url: String?
        let addresses: [Address]
        let qrCode: String?
        let authority: Authority?
    }

    static let access = PhoneAccess(
        port: 8443, token: "phone-token-0123456789", https: true, localName: "studio.local", address: "192.168.1.20")
    static let authority = ServedAddresses.Authority(name: "Peach CA (studio)", fingerprint: "AB:CD")

    static func phone(_ served: ServedAddresses) async throws -> Phone {
        try await TestApp.with(configure: { $0.served = served }) { client in
            try await client.execute(uri: "/api/phone", method: .get) { response throws in
                #expect(response.status == .ok)
                return try TestApp.decode(Phone.self, response)
            }
        }
    }

    @Test func onLoopbackOnlyItSaysSoAndOffersNothingToScan() async throws {
        let phone = try await Self.phone(ServedAddresses())
        #expect(
            !phone.lan && phone.url == nil && phone.addresses.isEmpty && phone.qrCode == nil && phone.authority == nil)
    }

    @Test func onTheNetworkItPrefersTheLocalNameAndDrawsItsQRCode() async throws {
        let served = ServedAddresses()
        served.serving(Self.access, authority: Self.authority)
        let phone = try await Self.phone(served)
        let preferred = "https://studio.local:8443/?token=phone-token-0123456789"
        #expect(phone.lan && phone.url == preferred)
        #expect(
            phone.addresses == [
                .init(url: preferred, kind: "localName"),
                .init(url: "https://192.168.1.20:8443/?token=phone-token-0123456789", kind: "address"),
            ])
        let svg = try #require(phone.qrCode)
        #expect(svg.hasPrefix("<svg") && svg.contains("<title>\(preferred)</title>") && svg.contains("<path"))
        let authority = try #require(phone.authority)
        #expect(
            authority.crt == "https://studio.local:8443/ca.crt" && authority.pem == "https://studio.local:8443/ca.pem")
        #expect(authority.name == "Peach CA (studio)" && authority.fingerprint == "AB:CD")
    }

    @Test func withoutAnAnnouncedNameTheAddressIsTheOneToOpen() async throws {
        let served = ServedAddresses()
        var access = Self.access
        access.localName = nil
        access.address = "fd00::2"
        served.serving(access, authority: nil)
        let phone = try await Self.phone(served)
        #expect(phone.url == "https://[fd00::2]:8443/?token=phone-token-0123456789")
        #expect(phone.addresses.map(\.kind) == ["address"])
        // A certificate of the user's own (--tls-cert): nothing of Peach's to trust.
        #expect(phone.authority == nil)
    }
}
