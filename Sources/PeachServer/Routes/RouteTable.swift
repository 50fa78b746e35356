import Hummingbird

/// A resource's routes, each declared once: `routes` lists them, an instance holds what the
/// handlers need. Registering a table and documenting it read the same list.
protocol RouteTable<Dependencies, Context>: Sendable {
    associatedtype Dependencies
    associatedtype Context: RouteContext = BasicRequestContext

    /// nil where this server lacks what the routes need (CSV transfer on an in-memory store).
    init?(_ dependencies: Dependencies)

    static var routes: [Route<Self>] { get }
}

extension RouteTable {
    typealias Input<Body: Sendable> = RouteRequest<Body, Context>

    func add(to group: RouterGroup<Context>) {
        for route in Self.routes { route.add(to: group, table: self) }
    }

    static var documented: [DocumentedRoute] {
        routes.map { DocumentedRoute(method: $0.method, path: "/api/" + $0.path, operation: $0.operation) }
    }
}

/// A route as the document lists it.
struct DocumentedRoute: Sendable {
    let method: HTTPRequest.Method
    /// From the root, as the document and Hummingbird's `Router.routes` write it.
    var path: String
    var operation: APIOperation
}

/// The tables one server (or one user's space on a class server) is made of, listed once: its
/// router registers them and its API document is written from them.
struct RouteTables<Dependencies, Context: RouteContext>: Sendable {
    let tables: [any RouteTable<Dependencies, Context>.Type]

    init(_ tables: [any RouteTable<Dependencies, Context>.Type]) { self.tables = tables }

    func add(to group: RouterGroup<Context>, _ dependencies: Dependencies) {
        for table in tables { Self.add(table, to: group, dependencies) }
    }

    var documented: [DocumentedRoute] { tables.flatMap { $0.documented } }

    private static func add<Table: RouteTable<Dependencies, Context>>(
        _ table: Table.Type, to group: RouterGroup<Context>, _ dependencies: Dependencies
    ) {
        Table(dependencies)?.add(to: group)
    }
}

/// A request context that can enforce a route's declared access before its handler runs.
protocol RouteContext: RequestContext {
    func allow(_ access: APIOperation.Access) throws
}

extension BasicRequestContext: RouteContext {
    /// The personal Peach and a user's own space have no accounts to check: a class server's
    /// front (`AccountsResponder`) lets only a signed-in user's requests reach them.
    func allow(_ access: APIOperation.Access) throws {
        guard access == .anyone else {
            throw HTTPError(.internalServerError, message: "a route without accounts cannot require \(access)")
        }
    }
}
