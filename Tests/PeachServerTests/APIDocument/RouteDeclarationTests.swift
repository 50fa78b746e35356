import Foundation
import Hummingbird
import PeachCore
import Testing

@testable import PeachServer

/// What a route's declaration promises, on a table made for the test.
struct RouteDeclarationTests {
    struct Probe: RouteTable {
        static let count = APIParameter.integer("count", in: 1...3, default: 1)
        static let undeclared = APIParameter.integer("other", in: 1...3, default: 1)

        init(_: Void) {}

        static var routes: [Route<Self>] {
            [
                Route(
                    .post, "declared", "declared", "Reads a declared parameter", status: .created, returns: "Read.",
                    parameters: [count], read(count)),
                Route(
                    .get, "undeclared", "undeclared", "Reads a parameter it does not declare", returns: "Never.",
                    read(undeclared)),
            ]
        }

        static func read(_ parameter: APIParameter<Int>) -> Route<Self>.Handler<NoBody, HealthResponse> {
            { _ in { input in HealthResponse(status: "ok", version: String(try input[parameter])) } }
        }
    }

    @Test func aRouteSendsItsDeclaredStatusAndReadsOnlyItsDeclaredParameters() async throws {
        let router = Router()
        RouteTables<Void, BasicRequestContext>([Probe.self]).add(to: router.group("api"), ())
        try await Application(router: router).test { client in
            try await client.execute(uri: "/api/declared?count=2", method: .post) { response throws in
                #expect(response.status == .created)
                #expect(try JSONDecoder().decode(HealthResponse.self, from: Data(buffer: response.body)).version == "2")
            }
            try await client.execute(uri: "/api/declared?count=4", method: .post) { response throws in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("count must be an integer from 1 to 3, got '4'"))
            }
            try await client.execute(uri: "/api/undeclared?other=2", method: .get) { response throws in
                #expect(response.status == .internalServerError)
                #expect(String(buffer: response.body).contains("does not declare"))
            }
        }
    }

    /// Optional parameters: absent is nil, and a value that does not parse is refused, not taken for absent.
    struct OptionalProbe: RouteTable {
        static let choice = APIParameter.choice("period", ThresholdTimeline.Period.self).optional
        static let number = APIParameter.number("offset", in: 0...1)

        init(_: Void) {}

        static var routes: [Route<Self>] {
            [
                Route(
                    .get, "optional", "optional", "Reads optional parameters", returns: "Read.",
                    parameters: [choice, number], Self.read)
            ]
        }

        func read(_ input: Input<NoBody>) throws -> HealthResponse {
            HealthResponse(
                status: "ok",
                version:
                    "\(try input[Self.choice].map(\.rawValue) ?? "none") \(try input[Self.number].map { "\($0)" } ?? "none")"
            )
        }
    }

    @Test func anOptionalParameterRefusesAValueThatDoesNotParse() async throws {
        let router = Router()
        RouteTables<Void, BasicRequestContext>([OptionalProbe.self]).add(to: router.group("api"), ())
        try await Application(router: router).test { client in
            for (query, read) in [("", "none none"), ("?period=week&offset=0.5", "week 0.5")] {
                try await client.execute(uri: "/api/optional" + query, method: .get) { response throws in
                    #expect(
                        try JSONDecoder().decode(HealthResponse.self, from: Data(buffer: response.body)).version == read
                    )
                }
            }
            for query in ["?period=fortnight", "?offset=2", "?offset=half"] {
                try await client.execute(uri: "/api/optional" + query, method: .get) { response in
                    #expect(response.status == .badRequest, "\(query)")
                }
            }
        }
    }

    @Test func aDocumentedRouteMustDeclareItsPathParametersOnceAndBeUnique() throws {
        let tracer = OpenAPIDocument.tracer(OpenAPIDocument.components)
        let route = try #require(Probe.documented.first)
        var unnamed = route
        unnamed.path = "/api/declared/{id}"
        #expect(throws: SchemaTracer.Failure.self) { try OpenAPIDocument.paths([unnamed], tracer) }
        #expect(throws: SchemaTracer.Failure.self) { try OpenAPIDocument.paths([route, route], tracer) }
        let operation = try #require(
            (try OpenAPIDocument.paths([route], tracer)["/api/declared"] as? [String: Any])?["post"] as? [String: Any])
        let responses = try #require(operation["responses"] as? [String: Any])
        // Its declared status, and 400 because it reads a parameter.
        #expect(Set(responses.keys) == ["201", "400"])
        let parameter = try #require((operation["parameters"] as? [[String: Any]])?.first)
        let schema = try #require(parameter["schema"] as? [String: Any])
        #expect(schema["minimum"] as? Int == 1 && schema["maximum"] as? Int == 3 && schema["default"] as? Int == 1)
    }

    /// Account routes whose handlers use the session: one declares it, one does not.
    struct SessionProbe: RouteTable {
        typealias Context = AccountRequestContext

        init(_: Void) {}

        static var routes: [Route<Self>] {
            [
                Route(
                    .get, "declared", "declared", "Declares the session it uses", returns: "Read.", access: .signedIn,
                    Self.session),
                Route(
                    .get, "undeclared", "undeclared", "Uses a session it does not declare", returns: "Never.",
                    Self.session),
            ]
        }

        func session(_ input: Input<NoBody>) throws -> HealthResponse {
            HealthResponse(status: "ok", version: try input.signedIn().0.name.rawValue)
        }
    }

    @Test func aRouteThatUsesTheSessionMustDeclareIt() async throws {
        let router = Router(context: AccountRequestContext.self)
        RouteTables<Void, AccountRequestContext>([SessionProbe.self]).add(to: router.group("api"), ())
        try await Application(router: router).test { client in
            try await client.execute(uri: "/api/declared", method: .get) { response throws in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/api/undeclared", method: .get) { response throws in
                #expect(response.status == .internalServerError)
                #expect(String(buffer: response.body).contains("does not declare"))
            }
        }
        let documented = try OpenAPIDocument.paths(
            SessionProbe.documented, OpenAPIDocument.tracer(OpenAPIDocument.components))
        let declared = try #require((documented["/api/declared"] as? [String: Any])?["get"] as? [String: Any])
        #expect(declared["security"] != nil && (declared["responses"] as? [String: Any])?["401"] != nil)
    }
}
