import Foundation

/// Teachers' classes and who is in them.
public protocol ClassroomStore: AssignmentStore {
    func createClassroom(named name: String, teacher: UserID, invitation: InvitationCode) async throws(DataStoreError)
        -> Classroom
    /// Creates every account, each a student of `classroom`, in one transaction: all of them or,
    /// when a name is taken, none (a `DataStoreError` naming it). Each must change the password
    /// at their first sign-in (`Account.mustChangePassword`): whoever made the list knows it.
    func createStudents(_ students: [(name: AccountName, passwordHash: String)], in classroom: Int64)
        async throws(DataStoreError) -> [Account]
    /// As `createStudents`, each with an invitation link instead of a password: `passwordHash` is of
    /// a password nobody knows, and a link's token (its hash here) lets its student choose theirs
    /// once, until `expires` (`AccountStore.acceptInvitation`).
    func createInvitedStudents(
        _ students: [(name: AccountName, tokenHash: Data)], passwordHash: String, in classroom: Int64, expires: Date
    ) async throws(DataStoreError) -> [Account]
    func classrooms(taughtBy teacher: UserID) async throws(DataStoreError) -> [Classroom]
    /// The class if `teacher` teaches it; nil for anyone else's (or none).
    func classroom(_ id: Int64, taughtBy teacher: UserID) async throws(DataStoreError) -> Classroom?
    /// The students of a class, by name.
    func students(of classroom: Int64) async throws(DataStoreError) -> [Account]
    /// When each of `students` who has an invitation link not yet used sees it expire (the latest,
    /// should there be several); the others are not in it.
    func unusedInvitations(of students: [UserID]) async throws(DataStoreError) -> [UserID: Date]
    /// The classes that see `student`'s data.
    func classrooms(of student: UserID) async throws(DataStoreError) -> [Classroom]
    /// nil when the code is unknown; joining a class twice is once.
    func join(_ student: UserID, invitation: InvitationCode) async throws(DataStoreError) -> Classroom?
    /// False when the student was not in it.
    func leave(_ student: UserID, classroom: Int64) async throws(DataStoreError) -> Bool
    /// Each student's figures as last kept, for those whose records have not changed since: a
    /// class view reads them in one query instead of fitting every student's records again.
    func keptFigures(of students: [UserID]) async throws(DataStoreError) -> [UserID: StudentFigures]
    /// Keeps each reading, unless that student's records changed after its revision: figures of
    /// older records are never kept, so `keptFigures` is never behind the records.
    func keep(_ readings: [StudentFiguresReading]) async throws(DataStoreError)
    /// Whether other processes fit and keep figures in this store too (PostgreSQL instances serving
    /// the same classes): then a process keeps what it fitted before it lets go of those students
    /// (`fittingExclusively`), so another never fits again a student it has just fitted.
    var isSharedByProcesses: Bool { get }
    /// Runs `body` with those of `students` no other process holds now, holding them until `body`
    /// returns; the others are being fitted by that process, which keeps their figures before it
    /// lets go. A store only one process opens holds nothing against anyone: `body` gets every student.
    func fittingExclusively<Result: Sendable>(
        _ students: [UserID], _ body: @escaping @Sendable ([UserID]) async -> Result
    ) async throws(DataStoreError) -> Result
}
