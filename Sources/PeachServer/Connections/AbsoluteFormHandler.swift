import Foundation
import NIOCore
import NIOHTTP1

/// `GET http://evil.example/api/health` names the server it is for in its target, and HTTP says
/// that name counts, not the Host header's (RFC 9112, 3.2.2). Hummingbird keeps only the path, so
/// the target's host went unchecked; this makes it the request's Host, which `AccessPolicy` checks.
final class AbsoluteFormHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), let authority = Self.authority(of: head.uri) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "Host", value: authority)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// The host (and port) of an `http://` or `https://` target; nil for a path ("//js" included).
    static func authority(of target: String) -> String? {
        let lowered = target.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let components = URLComponents(string: target), let host = components.percentEncodedHost
        else { return nil }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
