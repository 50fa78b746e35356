import Hummingbird
import PeachCore

/// What the account and class routes know of a request besides itself: who sent it (from the
/// session cookie), from where (for the sign-in throttle), and whether cookies must be `Secure`.
struct AccountRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var account: Account?
    var token: SessionToken?
    var address = ""
    var secure = false

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// 401 for a request that needs a signed-in user; 403 while their password is one handed out,
    /// unless the route takes `anySession`. A handler asks its `RouteRequest`, which checks that the
    /// route declares the access it uses.
    fileprivate func signedIn(_ access: APIOperation.Access) throws -> (Account, SessionToken) {
        guard let account, let token else { throw Refusal.signInFirst }
        guard !account.mustChangePassword || access == .anySession else { throw Refusal.passwordChangeRequired }
        return (account, token)
    }

    fileprivate func teacher() throws -> Account {
        let (account, _) = try signedIn(.teacher)
        guard account.isTeacher else { throw Refusal.teachersOnly }
        return account
    }
}

extension AccountRequestContext: RouteContext {
    /// A route's declared access, checked before its handler runs: 401 without a session, 403 for
    /// a student where a teacher is needed.
    func allow(_ access: APIOperation.Access) throws {
        switch access {
        case .anyone: return
        case .signedIn, .anySession: _ = try signedIn(access)
        case .teacher: _ = try teacher()
        }
    }
}

extension RouteRequest where Context == AccountRequestContext {
    /// The signed-in user of a route that declares `.signedIn`, `.anySession` or `.teacher`. A route
    /// that uses the session without declaring it answers 500, so the document cannot leave out a
    /// session a route needs.
    func signedIn() throws -> (Account, SessionToken) {
        guard access != .anyone else { throw undeclared(.signedIn) }
        return try context.signedIn(access)
    }

    func teacher() throws -> Account {
        guard access == .teacher else { throw undeclared(.teacher) }
        return try context.teacher()
    }

    private func undeclared(_ needed: APIOperation.Access) -> HTTPError {
        HTTPError(
            .internalServerError,
            message: "the route \(request.uri.path) needs \(needed) access, which it does not declare")
    }
}
