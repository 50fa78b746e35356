/// Where an invitation link a student opened stands: the page asks before showing the password
/// field, and accepting the link answers with the state it found.
public enum InvitationState: Sendable, Equatable {
    /// Not used and not expired: the account it is for (accepted, the account as it is now).
    case open(Account)
    /// Used once already: the student signs in with the password they chose then.
    case used
    case expired
    /// No such link (or mistyped).
    case unknown
}
