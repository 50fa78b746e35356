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

    /// 401 for a request that needs a signed-in user.
    func signedIn() throws -> (Account, SessionToken) {
        guard let account, let token else { throw Refusal.signInFirst }
        return (account, token)
    }

    func teacher() throws -> Account {
        let (account, _) = try signedIn()
        guard account.isTeacher else { throw Refusal.teachersOnly }
        return account
    }
}
