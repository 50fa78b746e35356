/// What became of an invitation link a student opened to choose their password.
public enum InvitationOutcome: Sendable, Equatable {
    /// The password is set and the link used up: the account, to sign in.
    case accepted(Account)
    /// Used once already: the student signs in with the password they chose then.
    case used
    case expired
    /// No such link (or mistyped).
    case unknown
}
