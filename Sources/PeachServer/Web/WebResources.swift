import Crypto
import Foundation
import Hummingbird
import PeachCore
import PeachWeb

/// The browser client (the PeachWeb module's resource bundle), its version, and the API document.
enum WebResources {
    static var webFolder: String { PeachWeb.folder }

    /// The server's version and a digest of every file in the web folder: changed web files
    /// (a developer's edit, an upgrade) are a new app for the page's service worker even when
    /// the version number stayed. Read once, on the first health request.
    static let webVersion = "\(PeachVersion.current)-\(digest(of: URL(fileURLWithPath: webFolder)))"

    /// 12 hex digits of SHA-256 over every file's path (relative to `folder`) and bytes, in path order.
    static func digest(of folder: URL) -> String {
        let root = folder.standardizedFileURL.path
        let files =
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? [])
            .map { (String($0.standardizedFileURL.path.dropFirst(root.count)), $0) }
            .sorted { $0.0 < $1.0 }
        var digest = SHA256()
        for (name, url) in files {
            digest.update(data: Data(name.utf8) + [0])
            digest.update(data: (try? Data(contentsOf: url)) ?? Data())
        }
        return digest.finalize().prefix(6).map { String(format: "%02x", $0) }.joined()
    }

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
                .get, "openapi.json", "openAPIDocument",
                "This document: the routes this server answers, written from the same table that registers them",
                returns: "The OpenAPI 3 document.", media: .openAPIDocument, Self.document)
        ]
    }

    func document(_: Input<NoBody>) throws -> MediaResponse {
        let document = classServer ? WebResources.servedClassOpenAPIDocument : WebResources.servedOpenAPIDocument
        return MediaResponse(body: ResponseBody(byteBuffer: try document.get()))
    }
}
