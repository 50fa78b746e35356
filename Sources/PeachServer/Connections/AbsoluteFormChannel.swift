import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// An HTTP/1 child channel whose absolute-form request targets are checked like any other host:
/// `AbsoluteFormHandler` goes in front of Hummingbird's conversion of the request, which keeps
/// only the target's path.
struct AbsoluteFormChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let conversion = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(AbsoluteFormHandler(), position: .before(conversion))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
