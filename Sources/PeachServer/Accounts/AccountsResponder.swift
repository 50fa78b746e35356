import Foundation
import Hummingbird
import PeachCore

/// The front of a class server. The web app, health, API document and sounds are everyone's; the
/// account and class routes see who is signed in; every other API request needs a session and goes
/// to the signed-in user's own Peach (UserSpaces), which knows nothing of other users. A teacher
/// reads a student's profile through the same routes, read-only.
struct AccountsResponder: HTTPResponder {
    typealias Context = GuardedRequestContext

    let shared: RouterResponder<BasicRequestContext>
    let accountRoutes: RouterResponder<AccountRequestContext>
    let service: AccountService
    let spaces: UserSpaces
    /// Reached over HTTPS (its own TLS, or a proxy's): cookies are `Secure`.
    let secure: Bool

    /// The first parts of the API paths every visitor may use: those of the shared route tables.
    static let sharedAPI = Set(
        ServerRoutes.shared.documented.compactMap { $0.path.split(separator: "/").dropFirst().first.map(String.init) })
    /// Where a teacher reads a student's own `/api/profile…`.
    static let studentPath = "/api/classes/{id}/students/{student}"
    static let classID = APIParameter.pathID("id").described("The class.")
    static let studentID = APIParameter.pathID("student").described("The student's account.")

    /// A user's own route (from the root) that their teacher may read under `studentPath`.
    static func teacherReads(_ path: String) -> Bool { path.split(separator: "/").dropFirst().first == "profile" }

    func respond(to request: Request, context: GuardedRequestContext) async throws -> Response {
        do {
            return try await route(request, context)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        }
    }

    private func route(_ request: Request, _ context: GuardedRequestContext) async throws -> Response {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.first == "api", parts.count > 1, !Self.sharedAPI.contains(parts[1]) else {
            return try await shared.respond(to: request, context: context.routeContext)
        }
        let token = SessionCookie.token(in: request.headers[.cookie])
        var account: Account?
        do {
            if let token { account = try await service.account(of: token) }
        } catch {
            return try Self.refusal(.unavailable, request, context)
        }
        switch parts[1] {
        case "classes" where Self.isStudentProfile(parts):
            return try await studentProfile(parts, account: account, request, context)
        case "account", "classes", "assignments":
            var routeContext = AccountRequestContext(source: .init(channel: context.channel, logger: context.logger))
            routeContext.account = account
            routeContext.token = account == nil ? nil : token
            routeContext.address = Self.address(request, context)
            routeContext.secure =
                secure || (context.isFromLoopback && request.headers[.init("X-Forwarded-Proto")!] == "https")
            return try await accountRoutes.respond(to: request, context: routeContext)
        default:
            guard let account else { return try Self.refusal(.signInFirst, request, context) }
            guard !account.mustChangePassword else {
                return try Self.refusal(.passwordChangeRequired, request, context)
            }
            return try await ownSpace(account.id).responder.respond(to: request, context: context.routeContext)
        }
    }

    /// `studentPath` followed by a path the teacher reads, by the path's parts.
    private static func isStudentProfile(_ parts: [String]) -> Bool {
        let template = studentPath.split(separator: "/")
        return parts.count > template.count && teacherReads("/api/" + parts[template.count...].joined(separator: "/"))
            && zip(template, parts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }

    /// `GET /api/classes/{class}/students/{student}/profile…`: the student's own
    /// `/api/profile…`, for the teacher of a class the student is in; 404 for anyone else.
    private func studentProfile(
        _ parts: [String], account: Account?, _ request: Request, _ context: GuardedRequestContext
    ) async throws -> Response {
        guard let account else { return try Self.refusal(.signInFirst, request, context) }
        guard !account.mustChangePassword else { return try Self.refusal(.passwordChangeRequired, request, context) }
        guard request.method == .get else { return try Self.refusal(.readOnly, request, context) }
        guard let classID = Self.classID.parse(parts[2]), let studentID = Self.studentID.parse(parts[4]) else {
            return try Self.refusal(.noSuchStudent, request, context)
        }
        guard try await teaches(account.id, classID: classID, studentID: studentID) else {
            return try Self.refusal(.noSuchStudent, request, context)
        }
        var head = request.head
        head.path = "/api/" + parts[5...].joined(separator: "/") + (request.uri.query.map { "?" + $0 } ?? "")
        return try await ownSpace(UserID(rawValue: studentID)).responder.respond(
            to: Request(head: head, body: request.body), context: context.routeContext)
    }

    private func teaches(_ teacher: UserID, classID: Int64, studentID: Int64) async throws -> Bool {
        try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            guard try await service.accounts.classroom(classID, taughtBy: teacher) != nil else { return false }
            return try await service.accounts.students(of: classID).contains { $0.id.rawValue == studentID }
        }
    }

    private func ownSpace(_ user: UserID) async throws -> UserSpaces.Space {
        try await AccountRoutes.stored(service) { () throws(DataStoreError) in try await spaces.space(of: user) }
    }

    /// The client's address for the sign-in throttle: behind a proxy on this machine, the address
    /// the proxy saw (the last `X-Forwarded-For` entry, which the proxy itself appended).
    static func address(_ request: Request, _ context: GuardedRequestContext) -> String {
        if context.isFromLoopback, let forwarded = request.headers[.init("X-Forwarded-For")!],
            let last = forwarded.split(separator: ",").last
        {
            return last.trimmingCharacters(in: .whitespaces)
        }
        return context.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    private static func refusal(_ refusal: Refusal, _ request: Request, _ context: GuardedRequestContext) throws
        -> Response
    {
        try refusal.response(from: request, context: context)
    }
}
