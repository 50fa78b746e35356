/// A person with an account on a class server: a student trains, a teacher also sees the classes
/// they teach.
public struct Account: Hashable, Sendable, Codable {
    public let id: UserID
    public let name: AccountName
    public let isTeacher: Bool
    /// The password was handed to them (printed by `peach classes import`), so someone else knows
    /// it: until they choose their own, they may change it or sign out and do nothing else.
    public let mustChangePassword: Bool

    public init(id: UserID, name: AccountName, isTeacher: Bool, mustChangePassword: Bool = false) {
        self.id = id
        self.name = name
        self.isTeacher = isTeacher
        self.mustChangePassword = mustChangePassword
    }
}
