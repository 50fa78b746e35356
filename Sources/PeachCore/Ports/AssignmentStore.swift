import Foundation

/// Where teachers' assignments and each student's progress with them are kept: beside the
/// accounts and classes (`ClassroomStore` refines it), so that a class's table is one read.
public protocol AssignmentStore: Sendable {
    func createAssignment(_ draft: AssignmentDraft, in classroom: Int64, at now: Date) async throws(DataStoreError)
        -> Assignment
    /// The tasks that are the same work as before keep their id and progress; nil when there is no
    /// such assignment in the class.
    func replaceAssignment(_ id: Int64, in classroom: Int64, with draft: AssignmentDraft) async throws(DataStoreError)
        -> Assignment?
    /// False when there was none in the class; its tasks and progress go with it.
    func deleteAssignment(_ id: Int64, in classroom: Int64) async throws(DataStoreError) -> Bool
    func assignment(_ id: Int64, in classroom: Int64) async throws(DataStoreError) -> Assignment?
    /// The class's assignments, newest due date first.
    func assignments(of classroom: Int64) async throws(DataStoreError) -> [Assignment]
    /// Those of every class the student is in that are for the whole class or for them, soonest due first.
    func assignments(for student: UserID) async throws(DataStoreError) -> [Assignment]
    /// Each listed student's progress with each task of the assignments; absent pairs have none.
    func progress(of assignments: [Int64], students: [UserID]) async throws(DataStoreError) -> [TaskProgress]
    /// Counts one answer of `student` inside `task`, given at `at`, if the task is theirs (their
    /// class's or theirs alone) and `at` is not before it counts; `reached` is the threshold read
    /// after it. Returns the progress then, nil when the answer did not count.
    func recordAnswer(of student: UserID, task: Int64, at: Date, reached: Double?) async throws(DataStoreError)
        -> TaskProgress?
    /// The task and its assignment when `student` may train it.
    func task(_ id: Int64, for student: UserID) async throws(DataStoreError) -> (Assignment, AssignmentTask)?
}
