import Foundation
import Hummingbird

/// The browser client, shipped inside the binary's resource bundle, and the API document.
enum WebResources {
    static var webFolder: String { Bundle.module.resourcePath! + "/web" }

    static func openAPIDocument(classServer: Bool = false) throws -> ByteBuffer {
        ByteBuffer(data: try OpenAPIDocument.served(classServer: classServer))
    }

    /// Made on the first request for it, not at start-up: tracing every schema takes about as
    /// long as the rest of a start. (Its tests build it directly, so a broken document still
    /// fails them.)
    static let servedOpenAPIDocument = served(classServer: false)
    static let servedClassOpenAPIDocument = served(classServer: true)

    private static func served(classServer: Bool) -> Result<ByteBuffer, HTTPError> {
        Result { try openAPIDocument(classServer: classServer) }
            .mapError { HTTPError(.internalServerError, message: "the API description could not be made: \($0)") }
    }
}

/// `GET /api/openapi.json`: the personal Peach's document, or a class server's.
struct OpenAPIRoutes: RouteTable {
    let classServer: Bool

    init(_ shared: SharedDependencies) { classServer = shared.classServer }

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "openapi.json", "openAPIDocument", "This document: the routes this server answers, written from the same table that registers them",
                returns: "The OpenAPI 3 document.", media: .openAPIDocument, Self.document),
        ]
    }

    func document(_: Input<NoBody>) throws -> MediaResponse {
        let document = classServer ? WebResources.servedClassOpenAPIDocument : WebResources.servedOpenAPIDocument
        return MediaResponse(body: ResponseBody(byteBuffer: try document.get()))
    }
}
