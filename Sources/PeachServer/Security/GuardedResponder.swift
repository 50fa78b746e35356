import Foundation
import Hummingbird
import NIOCore

/// The request context the server is built with: it keeps the connection, so the guard can see
/// where a request comes from. Routes keep using `BasicRequestContext`.
public struct GuardedRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The context the routes get, for the same connection.
    var routeContext: BasicRequestContext {
        BasicRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
    }

    /// Unknown (as in router tests) counts as not loopback: the strict answer.
    var isFromLoopback: Bool {
        channel.remoteAddress?.ipAddress.map(AccessPolicy.isLoopback) ?? false
    }
}

/// A router's responder behind the guard: the routes get `BasicRequestContext`.
public struct RoutesResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BasicRequestContext {
    public typealias Context = GuardedRequestContext

    let inner: Inner

    public func respond(to request: Request, context: GuardedRequestContext) async throws -> Response {
        try await inner.respond(to: request, context: context.routeContext)
    }
}

/// Puts every request through the `AccessPolicy` before the router sees it, and adds the security
/// headers to every response.
public struct GuardedResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == GuardedRequestContext {
    public typealias Context = GuardedRequestContext

    let inner: Inner
    let policy: AccessPolicy
    /// Peach's CA certificate, answered here for every kind of server (personal or class).
    let authority: AuthorityDownload?

    /// - Parameter authority: serves `/ca.pem` and `/ca.crt` to anyone who may reach the server.
    public init(inner: Inner, policy: AccessPolicy, authority: AuthorityDownload? = nil) {
        self.inner = inner
        var policy = policy
        if authority != nil { policy.publicPaths.formUnion(AuthorityDownload.paths) }
        self.policy = policy
        self.authority = authority
    }

    public init<Routes: HTTPResponder>(routes: Routes, policy: AccessPolicy, authority: AuthorityDownload? = nil)
    where Inner == RoutesResponder<Routes> {
        self.init(inner: RoutesResponder(inner: routes), policy: policy, authority: authority)
    }

    public func respond(to request: Request, context: GuardedRequestContext) async throws -> Response {
        var checked = AccessPolicy.Request(
            method: request.method.rawValue, target: request.uri.description, host: request.head.authority,
            origin: request.headers[.origin], cookie: request.headers[.cookie],
            authorization: request.headers[.authorization], fromLoopback: context.isFromLoopback)
        // The first Host header is the authority; any other stays among the fields.
        checked.hostRepeated = !request.headers[values: .init("Host")!].isEmpty
        let decision = policy.decide(checked)
        var response: Response
        switch decision {
        case .allow:
            if let download = authority?.response(method: request.method, path: request.uri.path) {
                response = download
            } else {
                response = try await inner.respond(to: request, context: context)
            }
        case .allowSettingCookie:
            response = try await inner.respond(to: request, context: context)
            if let cookie = policy.setCookieHeader { response.headers[.setCookie] = cookie }
        case .redirectSettingCookie(let location):
            response = Response(status: .seeOther, headers: [.location: location])
            if let cookie = policy.setCookieHeader { response.headers[.setCookie] = cookie }
        case .deny(let status, let reason):
            response = Self.refusal(
                status: HTTPResponse.Status(code: status), reason: reason, api: request.uri.path.hasPrefix("/api/"))
        }
        for header in SecurityHeaders.all where response.headers[.init(header.name)!] == nil {
            response.headers[.init(header.name)!] = header.value
        }
        if let hsts = policy.strictTransportSecurity { response.headers[.strictTransportSecurity] = hsts }
        return response
    }

    /// JSON for the API (as every API error), a short text for a person opening a page.
    private static func refusal(status: HTTPResponse.Status, reason: String, api: Bool) -> Response {
        if api {
            let json = (try? JSONEncoder().encode(["error": ["message": reason]])) ?? Data()
            return Response(
                status: status, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(data: json)))
        }
        return Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Peach: \(reason)\n")))
    }
}
