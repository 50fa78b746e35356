import Foundation

/// Who may talk to this server, decided per request from what the request says about itself.
///
/// - Host check (against DNS rebinding): a page on evil.example whose name is re-pointed at
///   127.0.0.1 still sends `Host: evil.example`, so only loopback names, IP literals (when the
///   server listens beyond loopback) and this machine's own names are answered.
/// - Origin check (against cross-site requests): a browser names the page that made a request;
///   only this server's own origin is accepted.
/// - Access token: required from anything but loopback once the server listens beyond loopback, so
///   a phone on the same network can train and nobody else can. It arrives as `?token=` once (and
///   becomes a cookie), then as the cookie, or as `Authorization: Bearer`.
public struct AccessPolicy: Sendable {
    public static let cookieName = "peach_token"

    /// nil: no token is required (the server listens on loopback only).
    public let token: String?
    /// Host names, besides loopback names, that this server answers to.
    public private(set) var hostNames: Set<String>
    /// Whether `Host: 192.168.1.20:8080` is acceptable: yes when listening beyond loopback.
    public let acceptsIPAddressHosts: Bool
    /// Served over HTTPS: pages' origins are `https://`, and the cookie is sent over HTTPS only.
    public var secure = false
    /// Reached at a public `https://` address (`servedAs`): browsers are told to use HTTPS only.
    /// Not for Peach's own self-signed certificate on the local network, whose address changes.
    public private(set) var strictTransportSecurity: String?
    /// Paths any visitor may GET without the token (still only at this server's names): what is
    /// public anyway, as the CA certificate a phone downloads before it has the token's cookie.
    public var publicPaths: Set<String> = []

    public init(token: String?, hostNames: Set<String> = [], acceptsIPAddressHosts: Bool) {
        self.token = token
        self.hostNames = Set(hostNames.map { $0.lowercased() })
        self.acceptsIPAddressHosts = acceptsIPAddressHosts
    }

    /// Behind a reverse proxy that people reach at `url`: its host name is this server's too, and
    /// an HTTPS address makes pages' origins `https://` and cookies `Secure`.
    public mutating func servedAs(_ url: String) {
        guard let components = URLComponents(string: url), let host = components.host else { return }
        hostNames.insert(host.lowercased())
        if components.scheme?.lowercased() == "https" {
            secure = true
            strictTransportSecurity = "max-age=31536000"
        }
    }

    /// The default: loopback only, no token.
    public static let loopbackOnly = AccessPolicy(token: nil, acceptsIPAddressHosts: false)

    /// For a server listening on `host`: beyond loopback it needs a token (the given one, or a new
    /// random one) and answers to IP addresses and this machine's names.
    public static func listening(on host: String, token: String?, machineNames: [String]) -> AccessPolicy {
        if isLoopback(hostName(host)) {
            return AccessPolicy(token: token, acceptsIPAddressHosts: false)
        }
        var names = Set(machineNames.flatMap { [$0, $0 + ".local"] })
        if !isIPAddress(hostName(host)), !["0.0.0.0", "::", "*"].contains(host) { names.insert(host) }
        return AccessPolicy(token: token ?? generateToken(), hostNames: names, acceptsIPAddressHosts: true)
    }

    /// 128 random bits as 32 hex digits.
    public static func generateToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    public struct Request: Sendable {
        public var method: String
        /// Path and query, as sent.
        public var target: String
        public var host: String?
        /// Whether a second `Host` header came: which one names the server is ambiguous.
        public var hostRepeated = false
        public var origin: String?
        public var cookie: String?
        public var authorization: String?
        /// Whether the TCP peer is this machine (127.0.0.0/8 or ::1); false when unknown.
        public var fromLoopback: Bool

        public init(
            method: String, target: String, host: String?, origin: String? = nil, cookie: String? = nil,
            authorization: String? = nil, fromLoopback: Bool
        ) {
            self.method = method
            self.target = target
            self.host = host
            self.origin = origin
            self.cookie = cookie
            self.authorization = authorization
            self.fromLoopback = fromLoopback
        }
    }

    public enum Decision: Equatable, Sendable {
        case allow
        /// The token came in the URL: set the cookie and continue.
        case allowSettingCookie
        /// A page opened with `?token=`: set the cookie and show the same URL without the token.
        case redirectSettingCookie(location: String)
        case deny(status: Int, reason: String)
    }

    public func decide(_ request: Request) -> Decision {
        guard let host = request.host, !host.isEmpty else {
            return .deny(status: 400, reason: "the request has no Host header")
        }
        guard !request.hostRepeated else {
            return .deny(status: 400, reason: "the request has more than one Host header")
        }
        // A path starting "//" would come back in a redirect's Location as another host ("//js/").
        guard !request.target.hasPrefix("//") else { return .deny(status: 400, reason: "a path cannot start with //") }
        let name = Self.hostName(host)
        let loopbackName = Self.isLoopback(name)
        guard loopbackName || (acceptsIPAddressHosts && Self.isIPAddress(name)) || hostNames.contains(name) else {
            return .deny(status: 403, reason: "this Peach server does not answer to host '\(host)'")
        }
        if let origin = request.origin {
            guard origin.lowercased() == (secure ? "https://" : "http://") + host.lowercased() else {
                return .deny(status: 403, reason: "cross-site request from origin '\(origin)' refused")
            }
        }
        guard let token else { return .allow }
        if request.method == "GET" || request.method == "HEAD",
            let path = URLComponents(string: request.target)?.path, publicPaths.contains(path)
        {
            return .allow
        }
        // A token in the URL is turned into the cookie even where it is not needed, so the address
        // bar never keeps it.
        if let components = URLComponents(string: request.target),
            let presented = components.queryItems?.first(where: { $0.name == "token" })?.value,
            Self.constantTimeEquals(presented, token)
        {
            guard request.method == "GET" || request.method == "HEAD" else { return .allowSettingCookie }
            var clean = components
            clean.queryItems = components.queryItems?.filter { $0.name != "token" }
            if clean.queryItems?.isEmpty == true { clean.queryItems = nil }
            return .redirectSettingCookie(location: clean.string ?? "/")
        }
        if request.fromLoopback && loopbackName { return .allow }
        if let bearer = request.authorization, bearer.hasPrefix("Bearer "),
            Self.constantTimeEquals(String(bearer.dropFirst("Bearer ".count)), token)
        {
            return .allow
        }
        if let cookie = request.cookie, Self.cookieValue(cookie).contains(where: { Self.constantTimeEquals($0, token) })
        {
            return .allow
        }
        return .deny(
            status: 401,
            reason: "this Peach server needs its access token: open the full URL that `peach serve` printed")
    }

    public var setCookieHeader: String? {
        token.map {
            "\(Self.cookieName)=\($0); Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
        }
    }

    // MARK: - Helpers

    /// `Host` without its port, lowercased, IPv6 without brackets.
    static func hostName(_ host: String) -> String {
        let lowered = host.lowercased()
        if lowered.hasPrefix("[") {
            return String(lowered.dropFirst().prefix { $0 != "]" })
        }
        if lowered.filter({ $0 == ":" }).count > 1 { return lowered }
        return String(lowered.prefix { $0 != ":" })
    }

    static func isLoopback(_ name: String) -> Bool {
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        var address = in_addr()
        guard inet_pton(AF_INET, name, &address) == 1 else { return false }
        return UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    static func isIPAddress(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    private static func cookieValue(_ header: String) -> [String] {
        header.split(separator: ";").compactMap { pair in
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            return parts.count == 2 && parts[0] == cookieName ? String(parts[1]) : nil
        }
    }

    /// Compares without an early exit, so response timing does not leak how much of a guess was right.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
