import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request body arrives slower than `BodyPace` allows. It sits after the
/// HTTP decoder, so it sees request parts, and sees the server's `read` only when the server wants
/// more: while the request's handler is busy, the async channel holds it back.
final class BodyPaceHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var pace: BodyPace
    private var check: Scheduled<Void>?
    private let start = NIODeadline.now()

    init(rule: BodyPace.Rule) {
        pace = BodyPace(rule: rule)
    }

    private var now: Duration { .nanoseconds((NIODeadline.now() - start).nanoseconds) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            pace.started()
            scheduleChecks(context)
        case .body(let buffer):
            pace.received(buffer.readableBytes, at: now)
        case .end:
            pace.ended()
            cancelChecks()
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        if pace.isReceiving { pace.serverWaits(at: now) }
        context.read()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelChecks()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelChecks()
        context.fireChannelInactive()
    }

    private func scheduleChecks(_ context: ChannelHandlerContext) {
        guard check == nil else { return }
        let window = pace.rule.window.components
        let delay = TimeAmount.nanoseconds(window.seconds * 1_000_000_000 + window.attoseconds / 1_000_000_000)
        check = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            check = nil
            guard pace.isReceiving else { return }
            if pace.isTooSlow(at: now) {
                context.close(promise: nil)
            } else {
                scheduleChecks(context)
            }
        }
    }

    private func cancelChecks() {
        check?.cancel()
        check = nil
    }
}
