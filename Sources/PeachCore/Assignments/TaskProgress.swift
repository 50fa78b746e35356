import Foundation

/// How far one student is with one task: the answers given inside it (its settings, from its
/// start on), the newest threshold read while training it, and whether its goal is met. Kept up
/// to date as each answer arrives, so a teacher's table is one read.
public struct TaskProgress: Hashable, Sendable {
    public let task: Int64
    public let student: UserID
    public let answers: Int
    public let lastActivity: Date?
    /// For a threshold goal, the threshold fitted to the task's own answers (`TaskCount`) at the
    /// newest answer, or the one that met the goal; for a measurement, the newest run's result, or
    /// the one that met it (in the kind's unit, `TrainingKind.thresholdUnit`).
    public let reached: Double?
    public let isDone: Bool

    public init(task: Int64, student: UserID, answers: Int, lastActivity: Date?, reached: Double?, isDone: Bool) {
        self.task = task
        self.student = student
        self.answers = answers
        self.lastActivity = lastActivity
        self.reached = reached
        self.isDone = isDone
    }

    public static func notStarted(_ task: Int64, _ student: UserID) -> TaskProgress {
        TaskProgress(task: task, student: student, answers: 0, lastActivity: nil, reached: nil, isDone: false)
    }

    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case notStarted, inProgress, done
    }

    public var status: Status { isDone ? .done : answers == 0 ? .notStarted : .inProgress }

    /// The progress after one more answer inside the task, given at `at`, with what the goal reads
    /// after it (`AssignmentGoal.isMet`; nil while there is nothing to read): counted, active as of
    /// when it was given (an answer that arrives late, from a phone offline, keeps its time), and
    /// done once `goal` is met — done stays done, and what it reached then stays what a table says.
    public func recording(answerAt at: Date, reading: Double?, toward goal: AssignmentGoal) -> TaskProgress {
        let counted = answers + 1
        return TaskProgress(
            task: task, student: student, answers: counted, lastActivity: max(lastActivity ?? at, at),
            reached: isDone ? reached : reading ?? reached,
            isDone: isDone || goal.isMet(answers: counted, reading: reading))
    }
}
