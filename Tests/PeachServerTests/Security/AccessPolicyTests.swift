import Testing

@testable import PeachServer

struct AccessPolicyTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let network = AccessPolicy.listening(on: "0.0.0.0", token: token, machineNames: ["studio"])

    static func request(
        _ target: String = "/", method: String = "GET", host: String? = "192.168.1.20:8080", origin: String? = nil,
        cookie: String? = nil, authorization: String? = nil, fromLoopback: Bool = false
    ) -> AccessPolicy.Request {
        AccessPolicy.Request(
            method: method, target: target, host: host, origin: origin, cookie: cookie,
            authorization: authorization, fromLoopback: fromLoopback)
    }

    @Test func loopbackListeningNeedsNoTokenButOnlyAnswersLoopbackNames() {
        let policy = AccessPolicy.listening(on: "127.0.0.1", token: nil, machineNames: ["studio"])
        #expect(policy.token == nil)
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.3.4.5", "app.localhost:1"] {
            #expect(policy.decide(Self.request(host: host, fromLoopback: true)) == .allow, "\(host)")
        }
        // DNS rebinding: a name the attacker controls, pointed at 127.0.0.1.
        for host in ["evil.example:8080", "192.168.1.20:8080", "studio", "127.0.0.1.evil.example", ""] {
            guard case .deny(let status, _) = policy.decide(Self.request(host: host, fromLoopback: true)) else {
                Issue.record("\(host) was let in")
                continue
            }
            #expect(status == (host.isEmpty ? 400 : 403))
        }
    }

    @Test func listeningBeyondLoopbackGeneratesATokenUnlessGiven() {
        let generated = AccessPolicy.listening(on: "0.0.0.0", token: nil, machineNames: [])
        #expect(generated.token?.count == 32)
        #expect(generated.token != AccessPolicy.listening(on: "::", token: nil, machineNames: []).token)
        #expect(Self.network.token == Self.token)
    }

    @Test func aPublicPathNeedsNoTokenButStillOneOfTheServersNames() {
        var policy = Self.network
        policy.publicPaths = ["/ca.pem", "/ca.crt"]
        #expect(policy.decide(Self.request("/ca.crt")) == .allow)
        #expect(policy.decide(Self.request("/ca.pem?x=1", method: "HEAD", host: "studio.local:8080")) == .allow)
        #expect(policy.decide(Self.request("/ca.crt", method: "POST")) != .allow)
        #expect(policy.decide(Self.request("/ca.crt/../api/records")) != .allow)
        #expect(policy.decide(Self.request("/")) != .allow)
        guard case .deny(403, _) = policy.decide(Self.request("/ca.crt", host: "evil.example")) else {
            Issue.record("a foreign host name got the CA certificate")
            return
        }
    }

    @Test func aClientElsewhereNeedsTheToken() {
        #expect(
            Self.network.decide(Self.request())
                == .deny(
                    status: 401,
                    reason: "this Peach server needs its access token: open the full URL that `peach serve` printed"))
        #expect(Self.network.decide(Self.request(cookie: "peach_token=wrong")).isDenied)
        #expect(Self.network.decide(Self.request(cookie: "a=b; peach_token=\(Self.token)")) == .allow)
        #expect(Self.network.decide(Self.request(authorization: "Bearer \(Self.token)")) == .allow)
        #expect(Self.network.decide(Self.request(authorization: "Bearer \(Self.token.dropLast())")).isDenied)
        #expect(Self.network.decide(Self.request("/?token=\(Self.token)")) == .redirectSettingCookie(location: "/"))
        #expect(
            Self.network.decide(Self.request("/js/app.js?v=2&token=\(Self.token)"))
                == .redirectSettingCookie(location: "/js/app.js?v=2"))
        #expect(
            Self.network.decide(Self.request("/api/comparisons?token=\(Self.token)", method: "POST"))
                == .allowSettingCookie)
        #expect(Self.network.decide(Self.request("/?token=nope")).isDenied)
        #expect(
            Self.network.setCookieHeader
                == "peach_token=\(Self.token); Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict")
    }

    @Test func theMachineItselfNeedsNoTokenWhenItUsesALoopbackName() {
        #expect(Self.network.decide(Self.request(host: "127.0.0.1:8080", fromLoopback: true)) == .allow)
        // Claiming a network address makes it a network request, whoever sends it.
        #expect(Self.network.decide(Self.request(host: "192.168.1.20:8080", fromLoopback: true)).isDenied)
        // A loopback name from elsewhere is a lie (or a proxy): the token is still needed.
        #expect(Self.network.decide(Self.request(host: "localhost:8080", fromLoopback: false)).isDenied)
    }

    @Test func networkListeningAnswersIPAddressesAndTheMachinesNamesOnly() {
        let withToken = "peach_token=\(Self.token)"
        for host in [
            "192.168.1.20:8080", "10.0.0.7", "[fe80::1]:8080", "studio:8080", "studio.local:8080", "STUDIO.LOCAL",
        ] {
            #expect(Self.network.decide(Self.request(host: host, cookie: withToken)) == .allow, "\(host)")
        }
        for host in ["evil.example", "studio.evil.example", "192.168.1.20.nip.io:8080"] {
            #expect(
                Self.network.decide(Self.request(host: host, cookie: withToken))
                    == .deny(
                        status: 403, reason: "this Peach server does not answer to host '\(host)'"))
        }
    }

    @Test func crossSiteRequestsAreRefused() {
        let withToken = "peach_token=\(Self.token)"
        #expect(
            Self.network.decide(Self.request(method: "POST", origin: "http://192.168.1.20:8080", cookie: withToken))
                == .allow)
        for origin in ["https://evil.example", "null", "http://192.168.1.20:9999", "http://192.168.1.20"] {
            #expect(
                Self.network.decide(Self.request(method: "POST", origin: origin, cookie: withToken)).isDenied,
                "\(origin)")
        }
        let local = AccessPolicy.loopbackOnly
        #expect(
            local.decide(
                Self.request(
                    method: "POST", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080", fromLoopback: true))
                == .allow)
        #expect(
            local.decide(
                Self.request(method: "POST", host: "127.0.0.1:8080", origin: "http://evil.example", fromLoopback: true)
            ).isDenied)
    }

    @Test func overHTTPSTheOriginIsHTTPSAndTheCookieIsSecure() {
        var secure = Self.network
        secure.secure = true
        let withToken = "peach_token=\(Self.token)"
        #expect(
            secure.decide(Self.request(method: "POST", origin: "https://192.168.1.20:8080", cookie: withToken))
                == .allow)
        #expect(
            secure.decide(Self.request(method: "POST", origin: "http://192.168.1.20:8080", cookie: withToken)).isDenied)
        #expect(secure.setCookieHeader?.hasSuffix("; HttpOnly; SameSite=Strict; Secure") == true)
        #expect(Self.network.setCookieHeader?.contains("Secure") == false)
    }

    /// A second Host header leaves open which server is meant; a path starting "//" would come back
    /// in a redirect as another host ("GET //js" was "Location: //js/").
    @Test func anAmbiguousHostOrAProtocolRelativePathIsRefused() {
        var twice = Self.request(host: "127.0.0.1:8080", fromLoopback: true)
        twice.hostRepeated = true
        let local = AccessPolicy.loopbackOnly
        #expect(local.decide(Self.request(host: "127.0.0.1:8080", fromLoopback: true)) == .allow)
        guard case .deny(400, _) = local.decide(twice) else {
            Issue.record("two Host headers were let in")
            return
        }
        for target in ["//js", "//evil.example/", "//"] {
            guard case .deny(400, _) = local.decide(Self.request(target, host: "127.0.0.1:8080", fromLoopback: true))
            else {
                Issue.record("\(target) was let in")
                continue
            }
        }
        #expect(local.decide(Self.request("/js/", host: "127.0.0.1:8080", fromLoopback: true)) == .allow)
    }

    /// Only behind a public https:// address: Peach's own certificate on the local network is
    /// self-signed and its address changes, where a browser told "HTTPS only" could lock itself out.
    @Test func strictTransportSecurityOnlyBehindAPublicHTTPSAddress() {
        var proxied = Self.network
        proxied.servedAs("https://peach.school.example")
        #expect(proxied.strictTransportSecurity == "max-age=31536000")
        var plain = Self.network
        plain.servedAs("http://peach.school.example")
        #expect(plain.strictTransportSecurity == nil)
        var selfSigned = Self.network
        selfSigned.secure = true
        #expect(selfSigned.strictTransportSecurity == nil)
    }
}

extension AccessPolicy.Decision {
    var isDenied: Bool {
        if case .deny = self { return true }
        return false
    }
}
