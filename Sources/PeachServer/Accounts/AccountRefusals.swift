import Hummingbird
import PeachCore

/// The refusals of the account and class routes: their statuses, codes and English messages in
/// one place, the bounds taken from the rules the domain checks with.
extension Refusal {
    static let signInFirst = Refusal(.unauthorized, .signInFirst, "sign in first")
    static let teachersOnly = Refusal(.forbidden, .teachersOnly, "only a teacher has classes")
    static let nameTaken = Refusal(.conflict, .nameTaken, "that name is taken")
    static let wrongCredentials = Refusal(.unauthorized, .wrongCredentials, "wrong name or password")
    static let wrongPassword = Refusal(.unauthorized, .wrongPassword, "the current password is wrong")
    static let unknownInvitation = Refusal(.badRequest, .unknownInvitation, "unknown invitation code")
    static let readOnly = Refusal(.methodNotAllowed, .readOnly, "a student's profile is read-only")
    static let noSuchStudent = Refusal(.notFound, .noSuchStudent, "no such student in your classes")
    static let passwordChangeRequired = Refusal(
        .forbidden, .passwordChangeRequired,
        "choose your own password first (POST /api/account/password): the one you were given allows nothing else")
    static let unknownInvitationLink = Refusal(
        .notFound, .unknownInvitationLink, "no such invitation link: check it with your teacher")
    static let invitationUsed = Refusal(
        .gone, .invitationUsed, "this invitation link has been used: sign in with your name and the password you chose")
    static let invitationExpired = Refusal(
        .gone, .invitationExpired, "this invitation link has expired: ask your teacher for a new one")
    static let unchangedPassword = Refusal(
        .badRequest, .unchangedPassword, "the new password is the current one: choose another")

    static let invalidName = Refusal(.badRequest, .invalidName, AccountName.rule) {
        $0.bounds(AccountName.lengths)
    }
    static let invalidPassword = Refusal(.badRequest, .invalidPassword, NewPassword.rule) {
        $0.bounds(NewPassword.lengths)
    }
    static let classNameLength = Refusal(
        .badRequest, .classNameLength,
        "a class name is \(Classroom.nameLengths.lowerBound)–\(Classroom.nameLengths.upperBound) characters"
    ) { $0.bounds(Classroom.nameLengths) }

    /// Whole seconds, rounded up: trying again after exactly that long is allowed.
    static func throttled(_ wait: Duration) -> Refusal {
        let seconds = Int(wait.seconds.rounded(.up))
        return Refusal(
            .tooManyRequests, .throttled, "too many wrong passwords: try again in \(seconds) s",
            headers: [.retryAfter: String(seconds)]
        ) { $0.retryAfter = seconds }
    }

    static func notInClass(_ id: Int64) -> Refusal { Refusal(.notFound, .notInClass, "you are not in class \(id)") }
    static func noSuchClass(_ id: Int64) -> Refusal { Refusal(.notFound, .noSuchClass, "you have no class \(id)") }
    static let unavailable = Refusal(
        .serviceUnavailable, .unavailable, "the data cannot be read or written now: try again later",
        headers: [.retryAfter: String(TrialRoutes.retryAfterSeconds)])
}

extension AccountService.Failure {
    var refusal: Refusal {
        switch self {
        case .invalidName: .invalidName
        case .invalidPassword: .invalidPassword
        case .unknownInvitation: .unknownInvitation
        case .nameTaken: .nameTaken
        case .wrongCredentials: .wrongCredentials
        case .wrongPassword: .wrongPassword
        case .unchangedPassword: .unchangedPassword
        case .unknownInvitationLink: .unknownInvitationLink
        case .invitationUsed: .invitationUsed
        case .invitationExpired: .invitationExpired
        case .throttled(let wait): .throttled(wait)
        case .unavailable: .unavailable
        }
    }
}
