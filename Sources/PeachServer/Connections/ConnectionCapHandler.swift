import NIOCore
import NIOHTTPTypes

/// Closes a new connection from an address beyond loopback that holds its share already
/// (`ConnectionLedger`), before any of its bytes are read.
final class ConnectionCapHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let ledger: ConnectionLedger
    private var counted: String?
    private var checked = false

    init(ledger: ConnectionLedger) {
        self.ledger = ledger
    }

    // The pipeline may be built before or after the channel becomes active: check once, whichever comes first.
    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { check(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        check(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func check(_ context: ChannelHandlerContext) {
        guard !checked else { return }
        checked = true
        guard let address = context.channel.remoteAddress?.ipAddress, !AccessPolicy.isLoopback(address) else { return }
        if ledger.admit(address) {
            counted = address
        } else {
            context.close(promise: nil)
        }
    }

    private func release() {
        if let counted { ledger.release(counted) }
        counted = nil
    }
}
