import Hummingbird
import PeachCore
import PeachQRCode

/// `GET /api/phone`: what the "Use Peach on your phone" page shows — the addresses a phone on the
/// network opens, the one to prefer as a QR code (drawn here by libqrencode, so the page holds no
/// encoder) and where Peach's CA is downloaded. On a server listening on loopback only, `lan` is
/// false and the rest empty: the page then says how to serve on the network.
struct PhoneResponse: ResponseEncodable, Decodable, APIDescribed {
    struct Address: Codable, APIDescribed {
        let url: String
        let kind: String

        static var apiNotes: [String: APINote] {
            [
                "": .closed,
                "kind": APINote().with("enum", ["localName", "address"]).describe(
                    "localName: the `.local` name announced by mDNS, which survives a new address; address: the network address now, which may change."
                ),
                "url": .describe("The URL to open, with the access token when the server asks for one."),
            ]
        }
    }

    struct Authority: Codable, APIDescribed {
        let crt: String
        let pem: String
        let name: String
        let fingerprint: String

        static var apiNotes: [String: APINote] {
            [
                "": .closed,
                "crt": .describe(
                    "Peach's CA certificate as DER: what iOS installs as a profile and Android as a CA certificate."),
                "pem": .describe("The same certificate as PEM, for desktop browsers and tools."),
                "name": .describe("Its name, as a phone shows it while installing it."),
                "fingerprint": .describe("SHA-256 of the certificate, as colon-separated hex pairs."),
            ]
        }
    }

    let lan: Bool
    let url: Nullable<String>
    let addresses: [Address]
    let qrCode: Nullable<String>
    let authority: Nullable<Authority>

    static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "lan": .describe(
                "Whether Peach serves beyond loopback (peach serve --host 0.0.0.0), so a phone on the same network can reach it."
            ),
            "url": .describe(
                "The address to open on the phone: the `.local` name when announced, else the address now."),
            "addresses": .describe("Every address it serves on the network, the preferred first."),
            "qrCode": .describe("A QR code of `url` as an SVG image (black on white, with its quiet zone)."),
            "authority": .describe(
                "Where Peach's own CA is downloaded (on the preferred address); null when the server's certificate is not Peach's (--tls-cert) or it serves plain HTTP."
            ),
        ]
    }
}

struct PhoneRoutes: RouteTable {
    let served: ServedAddresses

    init(_ shared: SharedDependencies) {
        served = shared.served
    }

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "phone", "phone",
                "Where a phone on the network opens Peach: the addresses, a QR code and Peach's CA",
                returns:
                    "The addresses and the QR code; empty with `lan` false on a server listening on loopback only.",
                Self.phone)
        ]
    }

    func phone(_: Input<NoBody>) throws -> PhoneResponse {
        guard let (access, authority) = served.current else {
            return PhoneResponse(
                lan: false, url: Nullable(nil), addresses: [], qrCode: Nullable(nil), authority: Nullable(nil))
        }
        let host = access.preferredHost
        let addresses =
            (access.localName.map { [PhoneResponse.Address(url: access.url(host: $0), kind: "localName")] } ?? [])
            + [PhoneResponse.Address(url: access.url(host: access.address), kind: "address")]
        return PhoneResponse(
            lan: true, url: Nullable(access.preferredURL), addresses: addresses,
            qrCode: Nullable(try QRCode(encoding: access.preferredURL).svg(title: access.preferredURL)),
            authority: Nullable(
                access.https
                    ? authority.map {
                        PhoneResponse.Authority(
                            crt: access.authorityURL(host: host), pem: access.authorityURL(host: host, file: "ca.pem"),
                            name: $0.name, fingerprint: $0.fingerprint)
                    } : nil))
    }
}
