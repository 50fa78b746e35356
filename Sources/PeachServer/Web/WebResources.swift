import Foundation
import Hummingbird

/// The browser client and the API description, shipped inside the binary's resource bundle.
enum WebResources {
    static var webFolder: String { Bundle.module.resourcePath! + "/web" }

    static func openAPIDocument() throws -> ByteBuffer {
        let url = Bundle.module.url(forResource: "openapi", withExtension: "json")!
        return ByteBuffer(data: try OpenAPIDocument.served(from: Data(contentsOf: url)))
    }

    /// Made on the first request for it, not at start-up: tracing every schema takes about as
    /// long as the rest of a start. (Its tests build it directly, so a broken document still
    /// fails them.)
    static let servedOpenAPIDocument: Result<ByteBuffer, HTTPError> = Result {
        try openAPIDocument()
    }.mapError { HTTPError(.internalServerError, message: "the API description could not be made: \($0)") }
}

struct OpenAPIRoutes {
    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: try WebResources.servedOpenAPIDocument.get()))
        }
    }
}
