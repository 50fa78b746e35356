import HTTPTypes
import Hummingbird

/// A request as its route declared it: the body already decoded as the declared type, and only the
/// declared parameters readable. Reading a parameter the route does not declare is a server error
/// (so is using a session it does not declare), so a handler cannot take input the API document
/// does not describe.
struct RouteRequest<Body: Sendable, Context: RequestContext>: Sendable {
    let request: Request
    let context: Context
    let body: Body
    /// "location name" of each declared parameter.
    let declared: Set<String>
    /// Who the route declares may call it (checked before the handler runs).
    let access: APIOperation.Access

    subscript<Value>(_ parameter: APIParameter<Value>) -> Value {
        get throws {
            guard declared.contains(Self.key(parameter.location, parameter.name)) else {
                throw HTTPError(
                    .internalServerError,
                    message: "the route \(request.uri.path) reads \(parameter.name), which it does not declare")
            }
            return try parameter.value(text(of: parameter))
        }
    }

    private func text<Value>(of parameter: APIParameter<Value>) -> String? {
        switch parameter.location {
        case .query: request.uri.queryParameters[parameter.name[...]].map(String.init)
        case .path: context.parameters.get(parameter.name)
        case .header: HTTPField.Name(parameter.name).flatMap { request.headers[$0] }
        }
    }

    static func key(_ location: APIParameterLocation, _ name: String) -> String { "\(location.rawValue) \(name)" }
}
