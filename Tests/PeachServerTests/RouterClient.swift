import HTTPTypes
import Hummingbird
import NIOCore
import NIOEmbedded

/// Sends requests straight to an application's responder, with no server and no socket in between.
/// Written here rather than taken from HummingbirdTesting, whose library links an HTTP client and
/// HTTP/2 (AsyncHTTPClient, NIOHTTP2, NIOSOCKS: about 50,000 lines) that a fresh build compiled for
/// these tests alone; its router mode, the only one used here, needs none of them.
struct RouterClient: Sendable {
    struct Response: Sendable {
        var head: HTTPResponse
        var body: ByteBuffer
        var status: HTTPResponse.Status { head.status }
        var headers: HTTPFields { head.headerFields }
    }

    let respond: @Sendable (Request) async throws -> Response

    /// The response to one request; `check` looks at it and may hand a value back.
    @discardableResult
    func execute<Value>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        check: (Response) async throws -> Value = { $0 }
    ) async throws -> Value {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let head = HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers)
        let request = Request(head: head, body: RequestBody(buffer: body ?? ByteBuffer()))
        return try await check(respond(request))
    }
}

extension ApplicationProtocol where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    /// Runs `body` with a client of this application's responder. An error the responder throws is
    /// a 500, as a server would answer it.
    func test<Value>(_ body: @Sendable (RouterClient) async throws -> Value) async throws -> Value {
        let responder = try await self.responder
        let logger = self.logger
        return try await body(
            RouterClient { request in
                let context = Responder.Context(source: .init(channel: NIOAsyncTestingChannel(), logger: logger))
                let response: Response
                do {
                    response = try await responder.respond(to: request, context: context)
                } catch {
                    response = Response(status: .internalServerError)
                }
                let collector = BodyCollector()
                try await response.body.write(collector)
                return RouterClient.Response(head: response.head, body: await collector.body)
            })
    }
}

/// Gathers a response body as the responder writes it.
private actor BodyCollector: ResponseBodyWriter {
    private(set) var body = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        body.writeImmutableBuffer(buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
