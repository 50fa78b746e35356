import Foundation

/// An assignment as a teacher writes it, checked whole before anything is stored: every refusal
/// names the field and says what it takes.
public struct AssignmentDraft: Hashable, Sendable {
    public let student: UserID?
    public let title: String
    public let start: Date?
    public let due: Date
    public let tasks: [AssignmentTask]

    public static let titleLengths = 1...120
    public static let taskCounts = 1...20

    /// A task as it arrives: names and numbers not yet checked.
    public struct RawTask: Hashable, Sendable {
        public var discipline: String
        public var answers: Int?
        public var threshold: Double?
        /// A finished measurement as the goal: only `true` sets it.
        public var measure: Bool?
        public var settings: SettingsUpdate

        public init(
            discipline: String, answers: Int? = nil, threshold: Double? = nil, measure: Bool? = nil,
            settings: SettingsUpdate = .init()
        ) {
            self.discipline = discipline
            self.answers = answers
            self.threshold = threshold
            self.measure = measure
            self.settings = settings
        }
    }

    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public let field: String
        public let message: String

        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }

        public var description: String { "\(field): \(message)" }
    }

    public init(
        student: UserID?, title rawTitle: String, start: Date?, due: Date, tasks rawTasks: [RawTask]
    ) throws(Invalid) {
        let title = rawTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.titleLengths.contains(title.count) else {
            throw Invalid(
                field: "title",
                message: "must be \(Self.titleLengths.lowerBound) to \(Self.titleLengths.upperBound) characters")
        }
        guard
            !title.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || Classroom.directionControls.contains($0.value)
            })
        else {
            throw Invalid(field: "title", message: "cannot hold control characters or text-direction controls")
        }
        if let start, start > due { throw Invalid(field: "start", message: "must not be after the due date") }
        guard Self.taskCounts.contains(rawTasks.count) else {
            throw Invalid(
                field: "tasks",
                message: "an assignment has \(Self.taskCounts.lowerBound) to \(Self.taskCounts.upperBound) tasks")
        }
        var tasks: [AssignmentTask] = []
        for (index, raw) in rawTasks.enumerated() {
            tasks.append(try Self.task(raw, at: index))
        }
        self.student = student
        self.title = title
        self.start = start
        self.due = due
        self.tasks = tasks
    }

    /// The draft if it is for the whole class, or for one of `students` (the class's).
    public func checked(students: [Account]) throws(Invalid) -> AssignmentDraft {
        if let student, !students.contains(where: { $0.id == student }) {
            throw Invalid(field: "student", message: "\(student) is not in this class")
        }
        return self
    }

    /// The disciplines a task may set a measurement to finish, as a refusal and the CLI's help name them.
    public static var measurementNames: String {
        Discipline.allCases.filter { $0.trainingKind.measures($0) }.map(\.rawValue).joined(separator: ", ")
    }

    private static func task(_ raw: RawTask, at index: Int) throws(Invalid) -> AssignmentTask {
        let field = "tasks[\(index)]"
        guard let discipline = Discipline(rawValue: raw.discipline) else {
            let names = Discipline.allCases.map(\.rawValue).joined(separator: ", ")
            throw Invalid(
                field: "\(field).discipline", message: "unknown discipline '\(raw.discipline)'; one of \(names)")
        }
        let goal: AssignmentGoal
        switch (raw.answers, raw.threshold, raw.measure ?? false) {
        case (let answers?, nil, false):
            guard AssignmentGoal.answerCounts.contains(answers) else {
                throw Invalid(
                    field: "\(field).answers",
                    message:
                        "must be \(AssignmentGoal.answerCounts.lowerBound) to \(AssignmentGoal.answerCounts.upperBound)"
                )
            }
            goal = .answers(answers)
        case (nil, let threshold?, false):
            guard discipline.trainingKind.hasGoalThreshold(discipline) else {
                throw Invalid(
                    field: "\(field).threshold", message: "\(discipline) has no threshold to reach; set answers")
            }
            guard AssignmentGoal.thresholds.contains(threshold) else {
                throw Invalid(
                    field: "\(field).threshold",
                    message:
                        "must be \(AssignmentGoal.thresholds.lowerBound) to \(AssignmentGoal.thresholds.upperBound)")
            }
            goal = .threshold(threshold)
        case (nil, nil, true):
            guard discipline.trainingKind.measures(discipline) else {
                throw Invalid(
                    field: "\(field).measure",
                    message: "\(discipline) is not a measurement; measure one of \(Self.measurementNames)")
            }
            goal = .measure
        default:
            throw Invalid(field: field, message: "a task has one goal: answers, threshold or measure")
        }
        // Checked against the defaults: the student's own settings may differ, but every field the
        // task sets must be in range on its own, and the kinds check their fields together.
        do {
            _ = try PeachSettings.default.applying(raw.settings)
        } catch {
            throw Invalid(field: "\(field).settings.\(error.field)", message: error.message)
        }
        guard raw.settings.language == nil else {
            throw Invalid(field: "\(field).settings.language", message: "a task does not set the student's language")
        }
        return AssignmentTask(discipline: discipline, settings: raw.settings, goal: goal)
    }
}
