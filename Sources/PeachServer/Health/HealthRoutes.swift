import Hummingbird
import PeachCore

struct HealthResponse: ResponseEncodable, Decodable, APIDescribed {
    let status: String
    let version: String

    static var apiNotes: [String: APINote] { ["status": APINote().with("enum", ["ok"])] }
}

struct HealthRoutes: RouteTable {
    init(_: SharedDependencies) {}

    static var routes: [Route<Self>] {
        [Route(.get, "health", "health", "Liveness and version", returns: "The server is up.", Self.health)]
    }

    func health(_: Input<NoBody>) -> HealthResponse { HealthResponse(status: "ok", version: PeachVersion.current) }
}
