import Foundation
import Logging
import PeachCore
import PeachServices

/// Signing up, in and out, and changing passwords, with the sign-in throttle. Passwords are hashed
/// here and never leave this type in clear, not even into the log.
public struct AccountService: Sendable {
    public enum Failure: Error, Equatable {
        case invalidName
        case invalidPassword
        case unknownInvitation
        case nameTaken
        /// Signing in: no such name, or not its password (alike, so that names cannot be probed).
        case wrongCredentials
        /// Changing the password: not the current one.
        case wrongPassword
        /// Changing the password: the new one is the current one.
        case unchangedPassword
        case unknownInvitationLink
        case invitationUsed
        case invitationExpired
        case throttled(retryAfter: Duration)
        /// The store failed; what it said is in the log, never in the answer.
        case unavailable
    }

    /// A signed-in browser's session: the token goes into its cookie.
    struct Session: Sendable {
        let account: Account
        let token: SessionToken
    }

    public static let sessionLifetime = Duration.seconds(30 * 86_400)

    let accounts: any AccountStore & ClassroomStore
    let hasher: PasswordHasher
    let throttle: SignInThrottle
    let now: @Sendable () -> Date
    let logger: Logger

    public init(
        accounts: any AccountStore & ClassroomStore, hasher: PasswordHasher = PasswordHasher(),
        throttle: SignInThrottle = SignInThrottle(), now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.accounts = accounts
        self.hasher = hasher
        self.throttle = throttle
        self.now = now
        self.logger = logger
    }

    func signUp(name: String, password: String, invitation: String) async throws(Failure) -> Session {
        let (name, password) = try Self.validated(name: name, password: password)
        guard let code = InvitationCode(invitation) else { throw .unknownInvitation }
        let outcome = try await stored { () throws(DataStoreError) in
            try await accounts.createStudent(name, passwordHash: await hasher.hash(password.text), joining: code)
        }
        switch outcome {
        case .created(let account):
            logger.notice("account created", metadata: ["name": "\(name)"])
            return try await startSession(account)
        case .nameTaken: throw .nameTaken
        case .unknownInvitation: throw .unknownInvitation
        }
    }

    /// A class list's invitation link: its account gets the password, and its student a session.
    func acceptInvitation(token: String, password: String) async throws(Failure) -> Session {
        guard let password = NewPassword(password) else { throw .invalidPassword }
        let hash = await hasher.hash(password.text)
        let state = try await stored { () throws(DataStoreError) in
            try await accounts.acceptInvitation(
                tokenHash: RandomSecret(text: token).hash, passwordHash: hash, now: now())
        }
        let account = try Self.open(state)
        logger.notice("invitation accepted", metadata: ["name": "\(account.name)"])
        return try await startSession(account)
    }

    /// Whose account an invitation link is for, while it is open, using nothing up.
    func invitation(token: String) async throws(Failure) -> Account {
        try Self.open(
            try await stored { () throws(DataStoreError) in
                try await accounts.invitation(tokenHash: RandomSecret(text: token).hash, now: now())
            })
    }

    private static func open(_ state: InvitationState) throws(Failure) -> Account {
        switch state {
        case .open(let account): account
        case .used: throw .invitationUsed
        case .expired: throw .invitationExpired
        case .unknown: throw .unknownInvitationLink
        }
    }

    /// A wrong name and a wrong password answer alike, after the same bcrypt work.
    func signIn(name text: String, password: String, address: String) async throws(Failure) -> Session {
        let key = text.lowercased()
        let failures = try await stored { () throws(DataStoreError) in
            try await accounts.failedSignIns(
                name: key, address: address, since: now().addingTimeInterval(-throttle.window.seconds))
        }
        if let wait = throttle.wait(accountAtAddress: failures.accountAtAddress, address: failures.address, now: now())
        {
            throw .throttled(retryAfter: wait)
        }
        var found: (account: Account, passwordHash: String)?
        if let name = AccountName(text) {
            found = try await stored { () throws(DataStoreError) in try await accounts.account(named: name) }
        }
        guard let found else {
            await hasher.verifyNothing(password)
            throw try await failed(key, address: address)
        }
        guard await hasher.verify(password, hash: found.passwordHash) else {
            throw try await failed(key, address: address)
        }
        if PasswordHasher.isOutdated(found.passwordHash) {
            let upgraded = await hasher.hash(password)
            try await stored { () throws(DataStoreError) in
                try await accounts.replacePasswordHash(found.passwordHash, with: upgraded, of: found.account.id)
            }
        }
        try await stored { () throws(DataStoreError) in
            try await accounts.clearFailedSignIns(name: key, address: address)
        }
        return try await startSession(found.account)
    }

    private func failed(_ name: String, address: String) async throws(Failure) -> Failure {
        logger.notice("sign-in failed", metadata: ["name": "\(name)", "address": "\(address)"])
        try await stored { () throws(DataStoreError) in
            try await accounts.recordFailedSignIn(name: name, address: address, at: now())
        }
        return .wrongCredentials
    }

    func signOut(_ token: SessionToken) async throws(Failure) {
        try await stored { () throws(DataStoreError) in try await accounts.deleteSession(tokenHash: token.hash) }
    }

    /// Every other session of the account ends: a stolen one stops working. The account's
    /// `mustChangePassword` clears (the store's `setPasswordHash`).
    func changePassword(of account: Account, current: String, new: String, session: SessionToken) async throws(Failure)
    {
        guard let password = NewPassword(new) else { throw .invalidPassword }
        let found = try await stored { () throws(DataStoreError) in try await accounts.account(account.id) }
        guard let found, await hasher.verify(current, hash: found.passwordHash) else { throw .wrongPassword }
        // A handed-out password kept would stay known to whoever handed it out; for anyone else the
        // same one again changes nothing.
        guard new != current else { throw .unchangedPassword }
        let hash = await hasher.hash(password.text)
        try await stored { () throws(DataStoreError) in
            try await accounts.setPasswordHash(hash, of: account.id, keeping: session.hash)
        }
    }

    /// The account a cookie's token signs in; nil for none, an unknown or an expired one.
    func account(of token: SessionToken) async throws(Failure) -> Account? {
        try await stored { () throws(DataStoreError) in try await accounts.account(session: token.hash, now: now()) }
    }

    private func startSession(_ account: Account) async throws(Failure) -> Session {
        let token = SessionToken.random()
        try await stored { () throws(DataStoreError) in
            try await accounts.createSession(
                tokenHash: token.hash, of: account.id, expires: now().addingTimeInterval(Self.sessionLifetime.seconds))
        }
        return Session(account: account, token: token)
    }

    static func validated(name: String, password: String) throws(Failure) -> (AccountName, NewPassword) {
        guard let name = AccountName(name) else { throw .invalidName }
        guard let password = NewPassword(password) else { throw .invalidPassword }
        return (name, password)
    }

    /// A database's error text names tables, constraints and values: it goes to the log, and the
    /// client learns only that the store failed.
    func stored<T>(_ body: () async throws(DataStoreError) -> T) async throws(Failure) -> T {
        do {
            return try await body()
        } catch {
            logger.error("account store failed", metadata: ["error": "\(error.description)"])
            throw .unavailable
        }
    }
}
