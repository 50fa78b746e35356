import Hummingbird
import PeachCore

struct HealthResponse: ResponseEncodable {
    let status: String
    let version: String
}

struct HealthRoutes {
    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("health") { _, _ in HealthResponse(status: "ok", version: PeachVersion.current) }
    }
}
