/// Where a phone on the network opens Peach: the addresses `peach serve` beyond loopback serves, and
/// the one to prefer. Shared by `peach phone` and `GET /api/phone`, so the terminal and the page
/// offer the same address.
public struct PhoneAccess: Sendable, Equatable {
    public var port: Int
    /// The access token a phone's first visit carries; nil when the server asks for none.
    public var token: String?
    public var https: Bool
    /// `<host name>.local` when Avahi announced it; nil when it did not.
    public var localName: String?
    /// The network address now, as `peach serve` printed it.
    public var address: String

    public init(port: Int, token: String?, https: Bool, localName: String?, address: String) {
        self.port = port
        self.token = token
        self.https = https
        self.localName = localName
        self.address = address
    }

    /// The announced name first: it survives a new DHCP address, so an app added to a home
    /// screen from it keeps its origin (and its offline copy).
    public var preferredHost: String { localName ?? address }

    /// The address in the QR code.
    public var preferredURL: String { url(host: preferredHost) }

    /// The URL a phone opens at `host`, with the token that lets it in.
    public func url(host: String) -> String {
        (https ? "https" : "http") + "://\(Self.shown(host)):\(port)/" + (token.map { "?token=\($0)" } ?? "")
    }

    /// Where the CA certificate is downloaded from at `host`: `ca.crt` (DER, what phones install)
    /// or `ca.pem`.
    public func authorityURL(host: String, file: String = "ca.crt") -> String {
        "https://\(Self.shown(host)):\(port)/\(file)"
    }

    private static func shown(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
}
