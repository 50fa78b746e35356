import Foundation
import Hummingbird
import PeachCore

/// `GET /api/account`: whether this Peach has accounts, and who is signed in.
/// `{"accounts": false}` on the personal Peach; `{"accounts": true, "user": null | {…}}` on a class server.
struct AccountStatusResponse: ResponseEncodable, Decodable, APIDescribed {
    let accounts: Bool
    /// Absent where there are no users; null on a class server before sign-in.
    let user: Nullable<AccountResponse>?

    static let personal = AccountStatusResponse(accounts: false, user: nil)

    static func classServer(_ account: Account?) -> AccountStatusResponse {
        AccountStatusResponse(accounts: true, user: Nullable(account.map(AccountResponse.init)))
    }

    static var apiNotes: [String: APINote] {
        ["user": .describe("Absent on the personal Peach; null on a class server before sign-in.")]
    }
}

struct AccountResponse: Codable, APIDescribed {
    let id: Int64
    let name: String
    let teacher: Bool
    let mustChangePassword: Bool

    init(_ account: Account) {
        id = account.id.rawValue
        name = account.name.rawValue
        teacher = account.isTeacher
        mustChangePassword = account.mustChangePassword
    }

    static var apiNotes: [String: APINote] {
        [
            "mustChangePassword": .describe(
                "Signed in with a password handed out (a class list's): every request but changing it (POST /api/account/password) and signing out answers 403 until it is changed."
            )
        ]
    }
}

struct SignedInResponse: ResponseEncodable, Decodable {
    let user: AccountResponse
}

struct SignUpRequest: Decodable, APIDescribed {
    let name: String
    let password: String
    let invitation: String

    static var apiNotes: [String: APINote] {
        [
            "name": .describe(AccountName.rule + "; case does not matter"), "password": .describe(NewPassword.rule),
            "invitation": .describe("The class's invitation code, from its teacher."),
        ]
    }
}

struct SignInRequest: Decodable {
    let name: String
    let password: String
}

struct PasswordChangeRequest: Decodable, APIDescribed {
    let current: String
    let new: String

    static var apiNotes: [String: APINote] { ["new": .describe(NewPassword.rule)] }
}

struct InvitationAcceptance: Decodable, APIDescribed {
    let token: String
    let password: String

    static var apiNotes: [String: APINote] {
        [
            "token": .describe("The token of the invitation link `peach classes import --invite` printed."),
            "password": .describe(NewPassword.rule),
        ]
    }
}

struct InvitationCheck: Decodable {
    let token: String
}

/// An open invitation link's account: the name its student signs in with.
struct InvitationResponse: ResponseEncodable, Decodable {
    let name: String
}

struct JoinRequest: Decodable {
    let invitation: String
}

struct NewClassroomRequest: Decodable {
    let name: String
}

/// A class as its teacher or its students see it in a list.
struct ClassroomResponse: ResponseEncodable, Decodable {
    let id: Int64
    let name: String
    let teacher: String
    /// Only for its teacher.
    let invitation: String?
    let students: Int?

    init(_ classroom: Classroom, forTeacher: Bool) {
        id = classroom.id
        name = classroom.name
        teacher = classroom.teacher.name.rawValue
        invitation = forTeacher ? classroom.invitation.rawValue : nil
        students = forTeacher ? classroom.studentCount : nil
    }
}

struct ClassroomsResponse: ResponseEncodable, Decodable {
    let classes: [ClassroomResponse]
}
