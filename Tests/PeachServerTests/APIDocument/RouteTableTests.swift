import Foundation
import Hummingbird
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachServices
@testable import PeachStore

/// The routes a server answers and the operations its document lists are the same set, and a
/// route's declaration is what the route does.
struct RouteTableTests {
    /// "GET /api/health" for each route Hummingbird has registered.
    static func registered<Context>(_ router: Router<Context>) -> Set<String> {
        Set(router.routes.map { "\($0.method) \($0.path)" })
    }

    static func documented(_ document: [String: Any]) -> Set<String> {
        let paths = document["paths"] as? [String: [String: Any]] ?? [:]
        return Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
    }

    @Test func thePersonalPeachAnswersExactlyTheDocumentedRoutes() async throws {
        let directory = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: .unimplemented, logger: Logger(label: "test"))
        let registered = Self.registered(try PeachApp.router(services: services))
        let documented = Self.documented(try OpenAPIDocumentTests.served())
        #expect(
            registered.subtracting(documented).isEmpty,
            "routes without an operation: \(registered.subtracting(documented))")
        #expect(
            documented.subtracting(registered).isEmpty,
            "operations without a route: \(documented.subtracting(registered))")
        // The aliases of the original disciplines are routes like any other.
        #expect(
            registered.isSuperset(of: [
                "POST /api/comparisons/{id}/answer", "POST /api/pitch-matching/{id}/result",
                "GET /api/records/pitch-matching",
            ]))
    }

    /// A class server's routers register the document's operations; what the document adds are
    /// exactly the teacher's reads of a student's profile, which `AccountsResponder` routes itself.
    @Test func aClassServerAnswersExactlyTheDocumentedRoutes() async throws {
        let directory = AccountRefusalTests.Directory()
        let logger = Logger(label: "test")
        let store = try SQLiteAccountStore(files: directory.files, now: { Date() })
        let spaces = UserSpaces(
            accounts: store,
            stores: { user, known throws(DataStoreError) in
                let database = try await store.database(of: user, revision: known)
                return (
                    SQLiteTrainingDataStore(database: database), SQLiteSettingsStore(database: database),
                    TrainingDataTransfer(database: database)
                )
            }, environment: .unimplemented, logger: logger)
        let accounts = AccountService(accounts: store, hasher: PasswordHasher(cost: 4), now: { Date() }, logger: logger)
        let personal = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: personal.databasePath, environment: .unimplemented, logger: logger)
        let registered = Self.registered(
            PeachApp.sharedRouter(SharedDependencies(sounds: SoundChoice.sineOnly, classServer: true), logger: logger)
        )
        .union(
            Self.registered(
                PeachApp.accountRouter(ClassServices(accounts: accounts, spaces: spaces, environment: .unimplemented)))
        )
        .union(Self.registered(PeachApp.apiRouter(services: services, logger: logger)))
        let documented = Self.documented(try OpenAPIDocumentTests.served(classServer: true))
        #expect(
            registered.subtracting(documented).isEmpty,
            "routes without an operation: \(registered.subtracting(documented))")
        let teachers = documented.subtracting(registered)
        let profileReads = registered.filter { $0.hasPrefix("GET /api/profile") }
        #expect(
            teachers
                == Set(profileReads.map { "GET " + AccountsResponder.studentPath + $0.dropFirst("GET /api".count) }))
        #expect(profileReads.count >= 6)
    }

    /// Without a session, a class server answers 401 to exactly the operations its document says
    /// need one: the document's access is the front's and the routes' own.
    @Test func aClassServerAsksForASessionWhereItsDocumentSays() async throws {
        let document = try OpenAPIDocumentTests.served(classServer: true)
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        let operations = paths.flatMap { path, operations in
            operations.map { method, operation in
                (method: method.uppercased(), path: path, needsSession: operation["security"] != nil)
            }
        }
        #expect(operations.contains { $0.needsSession } && operations.contains { !$0.needsSession })
        try await AccountRefusalTests.with { client async throws in
            for operation in operations {
                let uri = operation.path.replacingOccurrences(
                    of: #"\{[a-z]+\}"#, with: "1", options: .regularExpression)
                let response = try await client.send(HTTPRequest.Method(operation.method)!, uri, "{}")
                #expect(
                    (response.status == .unauthorized) == operation.needsSession,
                    "\(operation.method) \(operation.path): \(response.status)")
            }
        }
    }
}
