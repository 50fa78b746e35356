/// What finishes a task: a number of answers given inside it, or a threshold reached while
/// training it (in the discipline's unit: cents for pitch, intervals and Which Voice?).
public enum AssignmentGoal: Hashable, Sendable {
    case answers(Int)
    case threshold(Double)

    /// A task is a session or a few, not a term's work.
    public static let answerCounts = 1...1000
    public static let thresholds = 0.1...1000.0

    /// The disciplines whose fitted threshold a student's Profile states as one number, which a
    /// threshold goal compares with: pitch and intervals compared, and the kinds that fit their
    /// own (Which Voice?). A measurement has its own runs, not a threshold trained towards.
    public static func allowsThreshold(_ discipline: Discipline) -> Bool {
        let kind = discipline.trainingKind
        return !kind.measures(discipline) && (discipline.kind == ComparisonKind.id || kind.fitsThreshold)
    }

    /// Whether the goal is met after an answer: by the count of answers, or by the threshold read
    /// then (none read: not met).
    public func isMet(answers: Int, reading: Double?) -> Bool {
        switch self {
        case .answers(let count): answers >= count
        case .threshold(let target): reading.map { $0 <= target } ?? false
        }
    }

    /// The answers a goal of answers asks for; nil for a threshold.
    public var answerCount: Int? {
        if case .answers(let count) = self { return count }
        return nil
    }

    /// The threshold to reach; nil for a number of answers.
    public var threshold: Double? {
        if case .threshold(let value) = self { return value }
        return nil
    }
}
