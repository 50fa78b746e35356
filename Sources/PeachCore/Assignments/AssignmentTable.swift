import Foundation

/// A teacher's view of one assignment: each student it is for, in the class's order, × each of
/// its tasks, as the server counted their answers; the API's table and its CSV are read from it.
public struct AssignmentTable: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public let student: Account
        /// One per task, in the assignment's order (`notStarted` for a task without any).
        public let progress: [TaskProgress]

        /// The newest answer of any of the tasks.
        public var lastActivity: Date? { progress.compactMap(\.lastActivity).max() }
    }

    public let assignment: Assignment
    public let rows: [Row]

    /// `students`: the class's; only those it is for get a row. `progress`: any of theirs with its tasks.
    public init(_ assignment: Assignment, students: [Account], progress: [TaskProgress]) {
        var byPair: [TaskStudent: TaskProgress] = [:]
        for each in progress { byPair[TaskStudent(task: each.task, student: each.student)] = each }
        self.assignment = assignment
        rows = students.filter { assignment.student == nil || assignment.student == $0.id }.map { student in
            Row(
                student: student,
                progress: assignment.tasks.map {
                    byPair[TaskStudent(task: $0.id, student: student.id)] ?? .notStarted($0.id, student.id)
                })
        }
    }

    private struct TaskStudent: Hashable {
        let task: Int64
        let student: UserID
    }
}
