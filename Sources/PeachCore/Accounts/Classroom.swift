/// A teacher's class: its students joined with its invitation code and share their profiles with
/// the teacher until they leave.
public struct Classroom: Hashable, Sendable, Codable {
    public let id: Int64
    public let name: String
    public let teacher: Account
    public let invitation: InvitationCode
    public let studentCount: Int

    public init(id: Int64, name: String, teacher: Account, invitation: InvitationCode, studentCount: Int) {
        self.id = id
        self.name = name
        self.teacher = teacher
        self.invitation = invitation
        self.studentCount = studentCount
    }

    public static let nameLengths = 1...80
}
