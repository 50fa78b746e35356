/// What a class server's account and class routes are made from.
struct ClassServices: Sendable {
    let accounts: AccountService
    let spaces: UserSpaces
    let environment: ServerEnvironment
    /// The class views last sent, shared by every route table built on these services.
    let views = EncodedClassViews()
    /// The assignment tables' rows last sent, shared likewise.
    let assignmentRows = EncodedAssignmentRows()
}
