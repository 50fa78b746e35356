/// A person with an account on a class server: a student trains, a teacher also sees the classes
/// they teach.
public struct Account: Hashable, Sendable, Codable {
    public let id: UserID
    public let name: AccountName
    public let isTeacher: Bool

    public init(id: UserID, name: AccountName, isTeacher: Bool) {
        self.id = id
        self.name = name
        self.isTeacher = isTeacher
    }
}
