import Hummingbird

/// `GET /api/account` on the personal Peach: it has no accounts.
struct PersonalAccountRoutes: RouteTable {
    init(_: AppServices) {}

    static var routes: [Route<Self>] { [AccountStatusResponse.route { _ in { _ in .personal } }] }
}

extension AccountStatusResponse {
    /// The same operation on either server, answered by each its own way.
    static func route<Table: RouteTable>(_ handler: @escaping Route<Table>.Handler<NoBody, AccountStatusResponse>)
        -> Route<Table>
    {
        Route(
            .get, "account", "accountStatus", "Whether this Peach has accounts (a class server) and who is signed in",
            returns:
                "Accounts, and the user signed in: absent on the personal Peach, null before sign-in on a class server.",
            handler)
    }
}
