/// What one answer given inside a task tells its goal, read when the answer is stored.
public enum TaskAnswer: Hashable, Sendable {
    /// Only that it was given: a goal of answers, or a measurement this answer did not finish.
    case counted
    /// For a threshold goal: the trial it adds to the task's own fit.
    case trial(ThresholdEstimator.Trial)
    /// For a measurement: the threshold of the run this answer finished.
    case measured(Double)
}
