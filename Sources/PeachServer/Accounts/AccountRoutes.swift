import Foundation
import Hummingbird
import PeachCore

/// `/api/account…`: signing up, in and out, the password, and the classes that see my data.
struct AccountRoutes: RouteTable {
    typealias Context = AccountRequestContext

    let service: AccountService

    init(_ services: ClassServices) { service = services.accounts }

    static let classID = APIParameter.pathID("id").described("The class.")
    static let sessionCookie = APIHeader(
        name: "Set-Cookie", description: "The session cookie (HttpOnly, SameSite=Strict, Secure behind TLS).")

    static var routes: [Route<Self>] {
        [
            AccountStatusResponse.route { _ in { input in .classServer(input.context.account) } },
            Route(
                .post, "account/sign-up", "signUp",
                "Create a student account with a class's invitation code, in that class, and sign in",
                status: .created, returns: "Signed up and in.", media: .json(SignedInResponse.self),
                headers: [sessionCookie],
                errors: [.error(.conflict)], Self.signUp),
            Route(
                .post, "account/sign-in", "signIn",
                "Sign in; wrong passwords are slowed down per account at one address and per address",
                returns: "Signed in.", media: .json(SignedInResponse.self), headers: [sessionCookie],
                errors: [
                    .error(.unauthorized),
                    .error(
                        .tooManyRequests, "Too many wrong passwords: Retry-After says when to try again.",
                        headers: [APIHeader(name: "Retry-After", type: "integer")]),
                ],
                Self.signIn),
            Route(
                .post, "account/invitation/check", "checkInvitation",
                "Whose account an invitation link is for, while it is open, without using it",
                returns: "The link is open.",
                errors: [.error(.notFound), .error(.gone, "The link was used already, or has expired.")],
                Self.checkInvitation),
            Route(
                .post, "account/invitation", "acceptInvitation",
                "Choose the password of an account made from a class list with its invitation link, once, and sign in",
                returns: "Signed in.", media: .json(SignedInResponse.self), headers: [sessionCookie],
                errors: [
                    .error(.notFound),
                    .error(.gone, "The link was used already, or has expired."),
                ],
                Self.acceptInvitation),
            Route(
                .post, "account/sign-out", "signOut", "End this session (nothing to do without one)",
                status: .noContent, returns: "Signed out; the cookie is cleared.", media: nil, headers: [sessionCookie],
                Self.signOut),
            Route(
                .post, "account/password", "changePassword",
                "Change my password; every other session of mine ends. The one thing allowed while `mustChangePassword`",
                returns: "Changed.", access: .anySession, Self.changePassword),
            Route(
                .get, "account/classes", "myClasses", "The classes whose teachers see my data",
                returns: "My classes.", access: .signedIn, Self.classes),
            Route(
                .post, "account/classes", "joinClass", "Join a class with its invitation code",
                status: .created, returns: "Joined.", access: .signedIn, Self.join),
            Route(
                .delete, "account/classes/{id}", "leaveClass", "Leave a class: its teacher no longer sees my data",
                returns: "Left.", parameters: [classID], errors: [.error(.notFound)], access: .signedIn, Self.leave),
        ]
    }

    func signUp(_ input: Input<SignUpRequest>) async throws -> MediaResponse {
        let body = input.body
        let session = try await Self.run { () throws(AccountService.Failure) in
            try await service.signUp(name: body.name, password: body.password, invitation: body.invitation)
        }
        return try Self.signedIn(session, secure: input.context.secure)
    }

    func signIn(_ input: Input<SignInRequest>) async throws -> MediaResponse {
        let body = input.body
        let session = try await Self.run { () throws(AccountService.Failure) in
            try await service.signIn(name: body.name, password: body.password, address: input.context.address)
        }
        return try Self.signedIn(session, secure: input.context.secure)
    }

    func checkInvitation(_ input: Input<InvitationCheck>) async throws -> InvitationResponse {
        let token = input.body.token
        let account = try await Self.run { () throws(AccountService.Failure) in
            try await service.invitation(token: token)
        }
        return InvitationResponse(name: account.name.rawValue)
    }

    func acceptInvitation(_ input: Input<InvitationAcceptance>) async throws -> MediaResponse {
        let body = input.body
        let session = try await Self.run { () throws(AccountService.Failure) in
            try await service.acceptInvitation(token: body.token, password: body.password)
        }
        return try Self.signedIn(session, secure: input.context.secure)
    }

    func signOut(_ input: Input<NoBody>) async throws -> MediaResponse {
        if let token = input.context.token {
            try await Self.run { () throws(AccountService.Failure) in try await service.signOut(token) }
        }
        return MediaResponse(
            body: ResponseBody(), headers: [.setCookie: SessionCookie.clearing(secure: input.context.secure)])
    }

    func changePassword(_ input: Input<PasswordChangeRequest>) async throws {
        let (account, token) = try input.signedIn()
        try await Self.run { () throws(AccountService.Failure) in
            try await service.changePassword(
                of: account, current: input.body.current, new: input.body.new, session: token)
        }
    }

    func classes(_ input: Input<NoBody>) async throws -> ClassroomsResponse {
        let (account, _) = try input.signedIn()
        let classrooms = try await Self.stored(service) { () throws(DataStoreError) in
            try await service.accounts.classrooms(of: account.id)
        }
        return ClassroomsResponse(classes: classrooms.map { ClassroomResponse($0, forTeacher: false) })
    }

    func join(_ input: Input<JoinRequest>) async throws -> ClassroomResponse {
        let (account, _) = try input.signedIn()
        guard let code = InvitationCode(input.body.invitation) else { throw Refusal.unknownInvitation }
        let joined = try await Self.stored(service) { () throws(DataStoreError) in
            try await service.accounts.join(account.id, invitation: code)
        }
        guard let joined else { throw Refusal.unknownInvitation }
        return ClassroomResponse(joined, forTeacher: false)
    }

    func leave(_ input: Input<NoBody>) async throws {
        let (account, _) = try input.signedIn()
        let id = try input[Self.classID]
        let left = try await Self.stored(service) { () throws(DataStoreError) in
            try await service.accounts.leave(account.id, classroom: id)
        }
        guard left else { throw Refusal.notInClass(id) }
    }

    private static func signedIn(_ session: AccountService.Session, secure: Bool) throws -> MediaResponse {
        let body = try JSONEncoder().encode(SignedInResponse(user: AccountResponse(session.account)))
        return MediaResponse(
            body: ResponseBody(byteBuffer: ByteBuffer(data: body)),
            headers: [.setCookie: SessionCookie.setting(session.token, secure: secure)])
    }

    /// Each failure as its refusal: 400, 409, 401, 429 with Retry-After, 503.
    static func run<T>(_ body: () async throws(AccountService.Failure) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw error.refusal
        }
    }

    /// The teacher's class `{id}` and its students: another teacher's class answers 404, as one
    /// that does not exist.
    static func classAndStudents<Body: Sendable>(_ input: Input<Body>, _ service: AccountService) async throws
        -> (Classroom, [Account])
    {
        let teacher = try input.teacher()
        let id = try input[classID]
        let found = try await stored(service) { () throws(DataStoreError) -> (Classroom, [Account])? in
            guard let classroom = try await service.accounts.classroom(id, taughtBy: teacher.id) else { return nil }
            return (classroom, try await service.accounts.students(of: id))
        }
        guard let found else { throw Refusal.noSuchClass(id) }
        return found
    }

    /// A store's failure as a 503 that says nothing of the store's own words (`AccountService.stored` logs them).
    static func stored<T>(_ service: AccountService, _ body: () async throws(DataStoreError) -> T) async throws -> T {
        try await run { () throws(AccountService.Failure) in try await service.stored(body) }
    }
}
