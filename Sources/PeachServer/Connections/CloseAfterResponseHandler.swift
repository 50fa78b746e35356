import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection soon after a response when the request or the response said
/// `Connection: close`. Hummingbird only half-closes then and waits for the client to close: a
/// client still sending a body it was refused (a 413) kept the socket, unread, for ever. The short
/// linger lets the client read the response before the socket goes; closing at once with unread
/// bytes could reset the connection under it.
final class CloseAfterResponseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    static let linger = TimeAmount.seconds(1)

    private var closing = false
    private var scheduled: Scheduled<Void>?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), Self.saysClose(head.headerFields) { closing = true }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if Self.saysClose(head.headerFields) { closing = true }
        case .end:
            if closing, scheduled == nil {
                scheduled = context.eventLoop.assumeIsolated().scheduleTask(in: Self.linger) {
                    context.close(promise: nil)
                }
            }
        case .body:
            break
        }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        scheduled?.cancel()
    }

    private static func saysClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains {
            $0.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }
}
