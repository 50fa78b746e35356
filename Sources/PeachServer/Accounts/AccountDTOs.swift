import Foundation
import Hummingbird
import PeachCore

/// `GET /api/account`: whether this Peach has accounts, and who is signed in.
/// `{"accounts": false}` on the personal Peach; `{"accounts": true, "user": null | {…}}` on a class server.
struct AccountStatusResponse: ResponseEncodable {
    let accounts: Bool
    let user: AccountResponse?

    enum CodingKeys: String, CodingKey { case accounts, user }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accounts, forKey: .accounts)
        if accounts { try container.encode(user, forKey: .user) }
    }
}

struct AccountResponse: Codable {
    let id: Int64
    let name: String
    let teacher: Bool

    init(_ account: Account) {
        id = account.id.rawValue
        name = account.name.rawValue
        teacher = account.isTeacher
    }
}

struct SignedInResponse: ResponseEncodable, Decodable {
    let user: AccountResponse
}

struct SignUpRequest: Decodable {
    let name: String
    let password: String
    let invitation: String
}

struct SignInRequest: Decodable {
    let name: String
    let password: String
}

struct PasswordChangeRequest: Decodable {
    let current: String
    let new: String
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
