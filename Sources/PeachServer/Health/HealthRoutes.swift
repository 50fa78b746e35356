import Hummingbird
import PeachCore

struct HealthResponse: ResponseEncodable, Decodable, APIDescribed {
    let status: String
    let version: String

    static var apiNotes: [String: APINote] { ["status": APINote().with("enum", ["ok"])] }
}

struct HealthRoutes {
    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("health") { _, _ in HealthResponse(status: "ok", version: PeachVersion.current) }
    }
}
