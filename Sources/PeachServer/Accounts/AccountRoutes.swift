import Foundation
import Hummingbird
import PeachCore

/// `/api/account…`: signing up, in and out, the password, and the classes that see my data.
struct AccountRoutes {
    let service: AccountService
    let spaces: UserSpaces

    func add(to api: RouterGroup<AccountRequestContext>) {
        api.get("account") { _, context in
            AccountStatusResponse.classServer(context.account)
        }
        api.post("account/sign-up") { request, context -> Response in
            let body = try await request.decode(as: SignUpRequest.self, context: context)
            let session = try await Self.run { () throws(AccountService.Failure) in
                try await service.signUp(name: body.name, password: body.password, invitation: body.invitation)
            }
            return try Self.signedIn(session, status: .created, secure: context.secure)
        }
        api.post("account/sign-in") { request, context -> Response in
            let body = try await request.decode(as: SignInRequest.self, context: context)
            let session = try await Self.run { () throws(AccountService.Failure) in
                try await service.signIn(name: body.name, password: body.password, address: context.address)
            }
            return try Self.signedIn(session, status: .ok, secure: context.secure)
        }
        api.post("account/sign-out") { _, context -> Response in
            if let token = context.token {
                try await Self.run { () throws(AccountService.Failure) in try await service.signOut(token) }
            }
            return Response(status: .noContent, headers: [.setCookie: SessionCookie.clearing(secure: context.secure)])
        }
        api.post("account/password") { request, context -> HTTPResponse.Status in
            let (account, token) = try context.signedIn()
            let body = try await request.decode(as: PasswordChangeRequest.self, context: context)
            try await Self.run { () throws(AccountService.Failure) in
                try await service.changePassword(of: account, current: body.current, new: body.new, session: token)
            }
            return .noContent
        }
        api.get("account/classes") { _, context in
            let (account, _) = try context.signedIn()
            let classrooms = try await Self.stored { () throws(DataStoreError) in try await service.accounts.classrooms(of: account.id) }
            return ClassroomsResponse(classes: classrooms.map { ClassroomResponse($0, forTeacher: false) })
        }
        api.post("account/classes") { request, context -> EditedResponse<ClassroomResponse> in
            let (account, _) = try context.signedIn()
            let body = try await request.decode(as: JoinRequest.self, context: context)
            guard let code = InvitationCode(body.invitation) else { throw Refusal.unknownInvitation }
            let joined = try await Self.stored { () throws(DataStoreError) in try await service.accounts.join(account.id, invitation: code) }
            guard let joined else { throw Refusal.unknownInvitation }
            return EditedResponse(status: .created, response: ClassroomResponse(joined, forTeacher: false))
        }
        api.delete("account/classes/:id") { _, context -> HTTPResponse.Status in
            let (account, _) = try context.signedIn()
            let id = try context.parameters.require("id", as: Int64.self)
            let left = try await Self.stored { () throws(DataStoreError) in try await service.accounts.leave(account.id, classroom: id) }
            guard left else { throw Refusal.notInClass(id) }
            return .noContent
        }
    }

    private static func signedIn(_ session: AccountService.Session, status: HTTPResponse.Status, secure: Bool) throws -> Response {
        let body = try JSONEncoder().encode(SignedInResponse(user: AccountResponse(session.account)))
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .setCookie: SessionCookie.setting(session.token, secure: secure)],
            body: ResponseBody(byteBuffer: ByteBuffer(data: body)))
    }

    /// Each failure as its refusal: 400, 409, 401, 429 with Retry-After, 503.
    static func run<T>(_ body: () async throws(AccountService.Failure) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw error.refusal
        }
    }

    static func stored<T>(_ body: () async throws(DataStoreError) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw Refusal.unavailable(error.description)
        }
    }
}
