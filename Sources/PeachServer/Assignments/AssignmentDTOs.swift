import Foundation
import Hummingbird
import PeachCore

/// `POST`/`PUT /api/classes/{id}/assignments…`: an assignment as a teacher writes it.
struct AssignmentRequest: Decodable, Sendable, APIDescribed {
    /// Encoded too: an assignment template's file carries its tasks in this form.
    struct Task: Codable, Sendable, APIDescribed {
        let discipline: String?
        let answers: Int?
        let threshold: Double?
        let measure: Bool?
        let settings: SettingsUpdate?

        init(discipline: String?, answers: Int?, threshold: Double?, measure: Bool?, settings: SettingsUpdate?) {
            self.discipline = discipline
            self.answers = answers
            self.threshold = threshold
            self.measure = measure
            self.settings = settings
        }

        init(_ task: AssignmentTask) {
            self.init(
                discipline: task.discipline.rawValue, answers: task.goal.answerCount, threshold: task.goal.threshold,
                measure: task.goal == .measure ? true : nil, settings: task.settings)
        }

        static var apiNotes: [String: APINote] {
            [
                "discipline": APINote.as(Discipline.self).isRequired,
                "answers": APINote.bounds(AssignmentGoal.answerCounts).merged(
                    .describe("Goal: this many answers given inside the task. One of answers, threshold and measure.")),
                "threshold": .describe(
                    "Goal: the threshold fitted to the answers given inside the task at or below this (cents), for a discipline whose thresholdGoal (GET /api/disciplines) is true. One of answers, threshold and measure."
                ),
                "measure": .describe(
                    "Goal (true): one \"Measure my threshold\" run finished inside the task, for a discipline whose measures (GET /api/disciplines) is true. One of answers, threshold and measure."
                ),
                "settings": .describe(
                    "The settings the task trains with, as PUT /api/settings takes them; what it leaves out stays as the student has it."
                ),
            ]
        }
    }

    let title: String?
    let start: String?
    let due: String?
    let student: Int64?
    let tasks: [Task]?

    static var apiNotes: [String: APINote] {
        [
            "title": .describe(
                "\(AssignmentDraft.titleLengths.lowerBound) to \(AssignmentDraft.titleLengths.upperBound) characters."
            ).isRequired,
            "start": .describe("ISO 8601; answers count from then on (absent: from when it is made)."),
            "due": APINote.describe("ISO 8601.").isRequired,
            "student": .describe("One student of the class it is for; absent: the whole class."),
            "tasks": APINote.describe(
                "\(AssignmentDraft.taskCounts.lowerBound) to \(AssignmentDraft.taskCounts.upperBound) tasks."
            ).isRequired,
        ]
    }

    func draft() throws -> AssignmentDraft {
        let (startDate, dueDate) = try Self.dates(start: start, due: due)
        do {
            return try AssignmentTemplate.draft(
                title: title, tasks: tasks, student: student.map(UserID.init(rawValue:)), start: startDate, due: dueDate
            )
        } catch {
            throw error.refusal
        }
    }

    /// The start and due date as a request writes them (ISO 8601), each refused by name.
    static func dates(start: String?, due: String?) throws -> (start: Date?, due: Date) {
        guard let due else {
            throw AssignmentDraft.Invalid(.due, field: "due", message: "missing: an ISO 8601 date and time").refusal
        }
        guard let dueDate = Self.date(due) else {
            throw AssignmentDraft.Invalid(
                .due, field: "due", message: "must be an ISO 8601 date and time, got '\(due)'", given: due
            ).refusal
        }
        let startDate = try start.map { text in
            guard let date = Self.date(text) else {
                throw AssignmentDraft.Invalid(
                    .start, field: "start", message: "must be an ISO 8601 date and time, got '\(text)'", given: text
                ).refusal
            }
            return date
        }
        return (startDate, dueDate)
    }

    static func date(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}

/// A task as the API sends it: the discipline, the goal and the settings. The discipline's names
/// are the catalogue's (`GET /api/disciplines`), which a client has already.
struct AssignmentTaskResponse: Codable, Sendable, APIDescribed {
    let id: Int64
    let discipline: Discipline
    let answers: Nullable<Int>
    let threshold: Nullable<Double>
    let measure: Bool
    let unit: ThresholdUnit
    let settings: SettingsUpdate

    init(_ task: AssignmentTask) {
        id = task.id
        discipline = task.discipline
        answers = Nullable(task.goal.answerCount)
        threshold = Nullable(task.goal.threshold)
        measure = task.goal == .measure
        unit = task.discipline.trainingKind.thresholdUnit
        settings = task.settings
    }

    static var apiNotes: [String: APINote] {
        [
            "discipline": .describe("Named in every language by GET /api/disciplines."),
            "answers": .describe("The answers the goal asks for; null for the other goals."),
            "threshold": .describe("The threshold to reach (cents); null for the other goals."),
            "measure": .describe("The goal is one \"Measure my threshold\" run finished inside the task."),
            "unit": .describe("What the threshold and a progress's reached value are counted in."),
        ]
    }
}

struct AssignmentResponse: Codable, Sendable, APIDescribed {
    let id: Int64
    let classId: Int64
    let student: Nullable<Int64>
    let title: String
    let start: Nullable<String>
    let due: String
    let overdue: Bool
    let tasks: [AssignmentTaskResponse]

    init(_ assignment: Assignment, now: Date) {
        id = assignment.id
        classId = assignment.classroom
        student = Nullable(assignment.student?.rawValue)
        title = assignment.title
        start = Nullable(assignment.start.map(ISO8601.string))
        due = ISO8601.string(assignment.due)
        overdue = assignment.isOverdue(at: now)
        tasks = assignment.tasks.map(AssignmentTaskResponse.init)
    }

    static var apiNotes: [String: APINote] {
        [
            "student": .describe("The one student it is for; null for the whole class."),
            "overdue": .describe("The due date has passed."),
        ]
    }
}

/// One student's progress with one task.
struct TaskProgressResponse: Codable, Sendable, APIDescribed {
    let task: Int64
    let status: TaskProgress.Status
    let answers: Int
    let reached: Nullable<Double>
    let lastActivity: Nullable<String>

    init(_ progress: TaskProgress) {
        task = progress.task
        status = progress.status
        answers = progress.answers
        reached = Nullable(progress.reached)
        lastActivity = Nullable(progress.lastActivity.map(ISO8601.string))
    }

    static var apiNotes: [String: APINote] {
        [
            "status": .describe("notStarted, inProgress (answers of the goal's) or done: the goal was met."),
            "answers": .describe("Answers given inside the task: its settings, from its start on."),
            "reached": .describe(
                "For a threshold goal, the threshold fitted to the task's own answers alone (not the student's profile), by the rule the Profile states it by, at the newest answer; for a measurement, the newest run finished inside it; once done, the one that met the goal. In the task's unit; null before the answers can place it."
            ),
        ]
    }
}

extension TaskProgress.Status: APIEnumeration {}

extension ThresholdUnit: APIEnumeration {}

/// A row of a teacher's assignment table.
struct AssignmentRowResponse: Codable, Sendable {
    let student: AccountResponse
    let tasks: [TaskProgressResponse]
    let lastActivity: Nullable<String>

    init(_ row: AssignmentTable.Row) {
        student = AccountResponse(row.student)
        tasks = row.progress.map(TaskProgressResponse.init)
        lastActivity = Nullable(row.lastActivity.map(ISO8601.string))
    }
}

/// An assignment with its table: each student it is for × each task.
struct AssignmentTableResponse: ResponseEncodable, Codable, Sendable {
    let assignment: AssignmentResponse
    let rows: [AssignmentRowResponse]

    init(_ table: AssignmentTable, now: Date) {
        assignment = AssignmentResponse(table.assignment, now: now)
        rows = table.rows.map(AssignmentRowResponse.init)
    }
}

struct AssignmentTablesResponse: ResponseEncodable, Codable, Sendable {
    let assignments: [AssignmentTableResponse]
    var limits = AssignmentLimits.current
}

/// What a new assignment may hold, each as [least, most]: the teacher's form offers these bounds,
/// taken from the rules a draft is checked with.
struct AssignmentLimits: Codable, Sendable, APIDescribed {
    let titleLength: [Int]
    let tasks: [Int]
    let answers: [Int]
    let threshold: [Double]

    static let current = AssignmentLimits(
        titleLength: [AssignmentDraft.titleLengths.lowerBound, AssignmentDraft.titleLengths.upperBound],
        tasks: [AssignmentDraft.taskCounts.lowerBound, AssignmentDraft.taskCounts.upperBound],
        answers: [AssignmentGoal.answerCounts.lowerBound, AssignmentGoal.answerCounts.upperBound],
        threshold: [AssignmentGoal.thresholds.lowerBound, AssignmentGoal.thresholds.upperBound])

    static var apiNotes: [String: APINote] {
        [
            "titleLength": .describe("Characters of a title, [least, most]."),
            "tasks": .describe("Tasks of an assignment, [least, most]."),
            "answers": .describe("A goal of answers, [least, most]."),
            "threshold": .describe(
                "A threshold goal in the discipline's own unit (as its profile states it), [least, most]."),
        ]
    }
}

/// `GET /api/assignments`: a student's open and recent assignments with their progress.
struct MyAssignmentsResponse: ResponseEncodable, Codable, Sendable {
    struct Entry: Codable, Sendable {
        let assignment: AssignmentResponse
        let className: String
        let progress: [TaskProgressResponse]
        let done: Bool
    }

    let assignments: [Entry]
}
