import Hummingbird
import PeachCore

struct HealthResponse: ResponseEncodable, Decodable, APIDescribed {
    let status: String
    let version: String
    /// Nil only in tests of the route machinery, which answer with a health body of their own.
    var webVersion: String? = nil

    static var apiNotes: [String: APINote] {
        [
            "status": APINote().with("enum", ["ok"]),
            "webVersion": .describe(
                "The browser app's version: the server's version and a digest of the files it serves. The page's service worker keeps one cache per webVersion, so an upgraded server's scripts replace the old ones."
            ),
        ]
    }
}

struct HealthRoutes: RouteTable {
    init(_: SharedDependencies) {}

    static var routes: [Route<Self>] {
        [Route(.get, "health", "health", "Liveness and version", returns: "The server is up.", Self.health)]
    }

    func health(_: Input<NoBody>) -> HealthResponse {
        HealthResponse(status: "ok", version: PeachVersion.current, webVersion: WebResources.webVersion)
    }
}
