import Foundation
import Hummingbird

/// The browser client and the API description, shipped inside the binary's resource bundle.
enum WebResources {
    static var webFolder: String { Bundle.module.resourcePath! + "/web" }

    static func openAPIDocument() throws -> ByteBuffer {
        let url = Bundle.module.url(forResource: "openapi", withExtension: "json")!
        return ByteBuffer(data: try OpenAPIDocument.served(from: Data(contentsOf: url)))
    }
}

struct OpenAPIRoutes {
    let document: ByteBuffer

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: document))
        }
    }
}
