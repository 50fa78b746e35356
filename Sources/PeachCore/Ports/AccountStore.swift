import Foundation

/// Where accounts, their sessions and their failed sign-ins live. Passwords and session tokens
/// arrive here already hashed: the store never sees either in clear.
public protocol AccountStore: Sendable {
    /// nil when the name is taken.
    func createAccount(_ name: AccountName, passwordHash: String, isTeacher: Bool) async throws(DataStoreError)
        -> Account?
    /// Creates the account and makes it a student of the class with `invitation`, in one
    /// transaction. nil when the name is taken or the code unknown (nothing is written then).
    func createStudent(_ name: AccountName, passwordHash: String, joining invitation: InvitationCode)
        async throws(DataStoreError) -> SignUpOutcome
    func account(named name: AccountName) async throws(DataStoreError) -> (account: Account, passwordHash: String)?
    func account(_ id: UserID) async throws(DataStoreError) -> (account: Account, passwordHash: String)?
    /// Every account, by name.
    func accounts() async throws(DataStoreError) -> [Account]
    /// Also ends every session of the account except `keeping`, clears `mustChangePassword`, and uses
    /// up any open invitation link of the account: a password set otherwise (`peach users
    /// reset-password`) is not to be replaced by whoever holds the link.
    func setPasswordHash(_ hash: String, of id: UserID, keeping session: Data?) async throws(DataStoreError)
    /// The invitation link's account gets `passwordHash` (and `mustChangePassword` clears), and the
    /// link is used up, in one transaction: of two students opening the same link at once, one wins.
    func acceptInvitation(tokenHash: Data, passwordHash: String, now: Date) async throws(DataStoreError)
        -> InvitationState
    /// The invitation link's state, changing nothing.
    func invitation(tokenHash: Data, now: Date) async throws(DataStoreError) -> InvitationState
    /// The same password hashed anew (a newer scheme): sessions stay. Nothing changes unless the
    /// stored hash is still `old`, so a password changed meanwhile is never undone.
    func replacePasswordHash(_ old: String, with new: String, of id: UserID) async throws(DataStoreError)
    /// The account and everything it owns (records, settings, open trials, sessions, classes it
    /// teaches, memberships) in one transaction. False when there was no such account.
    func deleteAccount(_ id: UserID) async throws(DataStoreError) -> Bool

    func createSession(tokenHash: Data, of id: UserID, expires: Date) async throws(DataStoreError)
    /// The account whose unexpired session this is.
    func account(session tokenHash: Data, now: Date) async throws(DataStoreError) -> Account?
    func deleteSession(tokenHash: Data) async throws(DataStoreError)

    func recordFailedSignIn(name: String, address: String, at: Date) async throws(DataStoreError)
    /// The failures at this name from this address, and from this address at any name.
    func failedSignIns(name: String, address: String, since: Date) async throws(DataStoreError) -> (
        accountAtAddress: SignInThrottle.Failures, address: SignInThrottle.Failures
    )
    /// After the right password: that address's failures at that name are forgiven, no others.
    func clearFailedSignIns(name: String, address: String) async throws(DataStoreError)

    /// Grows with every change to the user's records or settings, from any instance: a cached view
    /// of the user is current while this is unchanged.
    func revision(of id: UserID) async throws(DataStoreError) -> Int64
    /// Each user's revision in one read (a teacher's class view); ids without an account are left out.
    func revisions(of ids: [UserID]) async throws(DataStoreError) -> [UserID: Int64]
}

public enum SignUpOutcome: Sendable, Equatable {
    case created(Account)
    case nameTaken
    case unknownInvitation
}
