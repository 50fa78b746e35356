import Foundation
import Hummingbird

/// The browser client and the API description, shipped inside the binary's resource bundle.
enum WebResources {
    static var webFolder: String { Bundle.module.resourcePath! + "/web" }

    static func openAPIDocument(classServer: Bool = false) throws -> ByteBuffer {
        let url = Bundle.module.url(forResource: "openapi", withExtension: "json")!
        let classURL = Bundle.module.url(forResource: "openapi-class", withExtension: "json")!
        return ByteBuffer(data: try OpenAPIDocument.served(
            from: Data(contentsOf: url), classServer: classServer ? try Data(contentsOf: classURL) : nil))
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
struct OpenAPIRoutes {
    let classServer: Bool

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("openapi.json") { _, _ in
            let document = classServer ? WebResources.servedClassOpenAPIDocument : WebResources.servedOpenAPIDocument
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: try document.get()))
        }
    }
}
