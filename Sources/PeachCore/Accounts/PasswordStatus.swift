import Foundation

/// Whether a student has a password of their own yet, as their teacher's class view marks it: an
/// account made from a class list (`peach classes import`) starts with a password someone else
/// knows, or with an invitation link, until the student chooses theirs.
public enum PasswordStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Chosen by the student.
    case own
    /// Handed out and not yet changed.
    case oneTime
    /// An invitation link not yet used, still open.
    case invitation
    /// An invitation link not used before it expired: the student needs a new one.
    case invitationExpired

    /// `unusedInvitation`: when the account's unused invitation link expires; nil for none.
    public init(_ account: Account, unusedInvitation expires: Date?, now: Date) {
        switch (account.mustChangePassword, expires) {
        case (false, _): self = .own
        case (true, nil): self = .oneTime
        case (true, let expires?): self = expires > now ? .invitation : .invitationExpired
        }
    }
}
