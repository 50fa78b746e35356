/// What finishes a task: a number of answers given inside it, a threshold reached while
/// training it, in cents, for a discipline whose kind has one (`TrainingKind.hasGoalThreshold`),
/// or one "Measure my threshold" run finished inside it, for a measurement discipline.
public enum AssignmentGoal: Hashable, Sendable {
    case answers(Int)
    case threshold(Double)
    case measure

    /// A task is a session or a few, not a term's work.
    public static let answerCounts = 1...1000
    public static let thresholds = 0.1...1000.0

    /// Whether the goal is met after an answer: by the count of answers, or by what was read then
    /// (`reading`: the fitted threshold, or the measurement the answer finished; none: not met).
    public func isMet(answers: Int, reading: Double?) -> Bool {
        switch self {
        case .answers(let count): answers >= count
        case .threshold(let target): reading.map { $0 <= target } ?? false
        case .measure: reading != nil
        }
    }

    /// The answers a goal of answers asks for; nil for the other goals.
    public var answerCount: Int? {
        if case .answers(let count) = self { return count }
        return nil
    }

    /// The threshold to reach; nil for the other goals.
    public var threshold: Double? {
        if case .threshold(let value) = self { return value }
        return nil
    }
}
