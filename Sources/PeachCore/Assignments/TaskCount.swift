import Foundation

/// One student's progress with one task as counting the next answer needs it: the progress a
/// table shows and, for a threshold goal, the task's own answers it is fitted from. Stored as one
/// row, so that two instances counting at once move both together or neither.
public struct TaskCount: Hashable, Sendable {
    public let progress: TaskProgress
    public let goalTrials: GoalTrials

    public init(progress: TaskProgress, goalTrials: GoalTrials = GoalTrials()) {
        self.progress = progress
        self.goalTrials = goalTrials
    }

    public static func notStarted(_ task: Int64, _ student: UserID) -> TaskCount {
        TaskCount(progress: .notStarted(task, student))
    }

    /// The count after one more answer inside `task`, given at `at`: a threshold goal's trial joins
    /// the task's own and the threshold is fitted to them by the kind's rule, so the reading is of
    /// this task alone. Once the goal is met nothing more is fitted: done stays done, and so does
    /// what it reached.
    public func recording(answerAt at: Date, _ answer: TaskAnswer, in task: AssignmentTask) -> TaskCount {
        var trials = goalTrials
        var reading: Double?
        switch answer {
        case .counted: break
        case .trial(let trial) where !progress.isDone:
            trials = trials.adding(trial)
            let discipline = task.discipline
            reading = discipline.trainingKind.goalThreshold(discipline, fittedTo: trials.trials)?.rawValue
        case .trial: break
        case .measured(let value): reading = value
        }
        return TaskCount(
            progress: progress.recording(answerAt: at, reading: reading, toward: task.goal), goalTrials: trials)
    }
}
