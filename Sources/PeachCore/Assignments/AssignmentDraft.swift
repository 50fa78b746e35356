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

    /// A refusal: `field` and `message` in English for the API and the command line, `reason` and
    /// the values its sentence needs for a page to say it in the teacher's language.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public enum Reason: String, CaseIterable, Hashable, Sendable {
            case title, titleCharacters, due, start, startAfterDue, taskCount, discipline, answers
            case noThreshold, threshold, notMeasurement, oneGoal, setting, noteRange, student, notTemplate,
                templateVersion
        }

        public let reason: Reason
        public let field: String
        public let message: String
        /// The task refused, counted from 0 as `tasks[i]` is.
        public var task: Int?
        /// The setting refused (`tempoBPM`), or what was given where the name is unknown (a discipline).
        public var setting: String?
        public var given: String?
        public var range: ClosedRange<Double>?

        public init(
            _ reason: Reason, field: String, message: String, task: Int? = nil, setting: String? = nil,
            given: String? = nil, range: ClosedRange<Double>? = nil
        ) {
            self.reason = reason
            self.field = field
            self.message = message
            self.task = task
            self.setting = setting
            self.given = given
            self.range = range
        }

        public var description: String { "\(field): \(message)" }
    }

    public init(
        student: UserID?, title rawTitle: String, start: Date?, due: Date, tasks rawTasks: [RawTask]
    ) throws(Invalid) {
        let title = rawTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.titleLengths.contains(title.count) else {
            throw Self.titleLength
        }
        guard
            !title.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || Classroom.directionControls.contains($0.value)
            })
        else {
            throw Invalid(
                .titleCharacters, field: "title", message: "cannot hold control characters or text-direction controls")
        }
        if let start, start > due {
            throw Invalid(.startAfterDue, field: "start", message: "must not be after the due date")
        }
        guard Self.taskCounts.contains(rawTasks.count) else {
            throw Self.taskCount
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
            throw Invalid(.student, field: "student", message: "\(student) is not in this class")
        }
        return self
    }

    /// A title missing, empty or too long.
    public static let titleLength = Invalid(
        .title, field: "title", message: "must be \(titleLengths.lowerBound) to \(titleLengths.upperBound) characters",
        range: Double(titleLengths.lowerBound)...Double(titleLengths.upperBound))

    /// No tasks, or too many.
    public static let taskCount = Invalid(
        .taskCount, field: "tasks",
        message: "an assignment has \(taskCounts.lowerBound) to \(taskCounts.upperBound) tasks",
        range: Double(taskCounts.lowerBound)...Double(taskCounts.upperBound))

    /// The disciplines a task may set a measurement to finish, as a refusal and the CLI's help name them.
    public static var measurementNames: String {
        Discipline.allCases.filter { $0.trainingKind.measures($0) }.map(\.rawValue).joined(separator: ", ")
    }

    /// A note range of the task's own that spans too little: said as such, since neither end alone is wrong.
    private static func narrowRange(_ settings: SettingsUpdate, at index: Int) -> Invalid? {
        let range = PeachSettings.default.training.noteRange
        let lower = settings.noteRangeLower ?? range.lower.rawValue
        let upper = settings.noteRangeUpper ?? range.upper.rawValue
        guard NoteRange.pianoRange.contains(lower), NoteRange.pianoRange.contains(upper),
            upper - lower < NoteRange.minimumSpan
        else { return nil }
        return Invalid(
            .noteRange, field: "tasks[\(index)].settings.noteRange",
            message: "spans \(upper - lower) semitones; it must span at least \(NoteRange.minimumSpan)", task: index,
            range: Double(NoteRange.minimumSpan)...Double(NoteRange.pianoRange.count - 1))
    }

    private static func task(_ raw: RawTask, at index: Int) throws(Invalid) -> AssignmentTask {
        let field = "tasks[\(index)]"
        guard let discipline = Discipline(rawValue: raw.discipline) else {
            let names = Discipline.allCases.map(\.rawValue).joined(separator: ", ")
            throw Invalid(
                .discipline, field: "\(field).discipline",
                message: "unknown discipline '\(raw.discipline)'; one of \(names)", task: index, given: raw.discipline)
        }
        let goal: AssignmentGoal
        switch (raw.answers, raw.threshold, raw.measure ?? false) {
        case (let answers?, nil, false):
            guard AssignmentGoal.answerCounts.contains(answers) else {
                throw Invalid(
                    .answers, field: "\(field).answers",
                    message:
                        "must be \(AssignmentGoal.answerCounts.lowerBound) to \(AssignmentGoal.answerCounts.upperBound)",
                    task: index,
                    range: Double(
                        AssignmentGoal.answerCounts.lowerBound)...Double(AssignmentGoal.answerCounts.upperBound))
            }
            goal = .answers(answers)
        case (nil, let threshold?, false):
            guard discipline.trainingKind.hasGoalThreshold(discipline) else {
                throw Invalid(
                    .noThreshold, field: "\(field).threshold",
                    message: "\(discipline) has no threshold to reach; set answers", task: index)
            }
            guard AssignmentGoal.thresholds.contains(threshold) else {
                throw Invalid(
                    .threshold, field: "\(field).threshold",
                    message:
                        "must be \(AssignmentGoal.thresholds.lowerBound) to \(AssignmentGoal.thresholds.upperBound)",
                    task: index, range: AssignmentGoal.thresholds)
            }
            goal = .threshold(threshold)
        case (nil, nil, true):
            guard discipline.trainingKind.measures(discipline) else {
                throw Invalid(
                    .notMeasurement, field: "\(field).measure",
                    message: "\(discipline) is not a measurement; measure one of \(Self.measurementNames)", task: index)
            }
            goal = .measure
        default:
            throw Invalid(
                .oneGoal, field: field, message: "a task has one goal: answers, threshold or measure", task: index)
        }
        // Checked against the defaults: the student's own settings may differ, but every field the
        // task sets must be in range on its own, and the kinds check their fields together.
        do {
            _ = try PeachSettings.default.applying(raw.settings)
        } catch {
            if let narrow = Self.narrowRange(raw.settings, at: index) { throw narrow }
            throw Invalid(
                .setting, field: "\(field).settings.\(error.field)", message: error.message, task: index,
                setting: error.field)
        }
        guard raw.settings.language == nil else {
            throw Invalid(
                .setting, field: "\(field).settings.language", message: "a task does not set the student's language",
                task: index, setting: "language")
        }
        return AssignmentTask(discipline: discipline, settings: raw.settings, goal: goal)
    }
}
