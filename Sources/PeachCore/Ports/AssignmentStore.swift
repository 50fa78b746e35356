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
    /// One student's count of one task, with the task's own answers its threshold goal is fitted
    /// from; nil when they have none.
    func count(of task: Int64, for student: UserID) async throws(DataStoreError) -> TaskCount?
    /// Stores `after` as its student's count of its task in one statement, if the task is
    /// theirs (their class's, for the class or them), an answer given at `answeredAt` counts for it
    /// (not before its start), and the stored progress still has `before`'s answers (none stored
    /// for `notStarted`): another instance may have counted one meanwhile. False when nothing changed.
    func moveProgress(from before: TaskCount, to after: TaskCount, answeredAt: Date)
        async throws(DataStoreError) -> Bool
    /// The task and its assignment when `student` may train it.
    func task(_ id: Int64, for student: UserID) async throws(DataStoreError) -> (Assignment, AssignmentTask)?
}

extension AssignmentStore {
    /// Counts one answer of `student` inside `task`, given at `at`, with what it tells the goal
    /// (`TaskCount.recording`). `known` is the count as last stored here, which spares reading it:
    /// one statement then, unless another instance moved it meanwhile, whose answers the fit then
    /// reads too. Returns the count then, nil when the answer did not count (not their task,
    /// before its start).
    public func recordAnswer(
        of student: UserID, in task: AssignmentTask, at: Date, _ answer: TaskAnswer, known: TaskCount? = nil
    ) async throws(DataStoreError) -> TaskCount? {
        var before: TaskCount
        if let known { before = known } else { before = try await stored(task.id, of: student) }
        // Each turn after the first follows another answer counted meanwhile, so this ends.
        while true {
            let after = before.recording(answerAt: at, answer, in: task)
            if try await moveProgress(from: before, to: after, answeredAt: at) { return after }
            let now = try await stored(task.id, of: student)
            // Unmoved: it was the task or the time that refused the answer.
            if now.progress.answers == before.progress.answers { return nil }
            before = now
        }
    }

    private func stored(_ task: Int64, of student: UserID) async throws(DataStoreError) -> TaskCount {
        try await count(of: task, for: student) ?? .notStarted(task, student)
    }
}
