/// Every refusal a person may read, by a name that stays when the English wording changes: the
/// page shows `refusal.<code>` from its own language table (web/js/i18n/i18n.js has one per case).
enum RefusalCode: String, Codable, CaseIterable, Sendable, APIEnumeration {
    case wrongCredentials
    /// Changing the password: the current one was wrong.
    case wrongPassword
    /// With `retryAfter` (seconds).
    case throttled
    case nameTaken
    /// With `minimum` and `maximum` (characters).
    case invalidName
    /// With `minimum` and `maximum` (characters).
    case invalidPassword
    case unknownInvitation
    case notInClass
    /// With `minimum` and `maximum` (characters).
    case classNameLength
    case signInFirst
    case teachersOnly
    case noSuchClass
    case noSuchStudent
    case readOnly
    /// Signed in with a password handed out (`peach classes import`): only changing it is allowed.
    case passwordChangeRequired
    /// Changing the password: the new one is the current one.
    case unchangedPassword
    /// A class list's invitation link: unknown, used already, or expired.
    case unknownInvitationLink
    case invitationUsed
    case invitationExpired
    /// An assignment or a template refused, with `reason` and what its sentence needs (`task`,
    /// `setting`, `given`, `minimum`, `maximum`).
    case invalidAssignment
    /// The account database or a user's data cannot be read or written now.
    case unavailable
}
