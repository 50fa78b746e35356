import Foundation
import Hummingbird
import PeachCore

/// An assignment kept as a file, to set again in another class or to share with a colleague: its
/// title and tasks (each a discipline, its settings and its goal), without dates or a student.
struct AssignmentTemplate: Codable, Sendable, APIDescribed {
    /// The file's format; a file without it is not a template.
    static let version = 1

    let peachAssignmentTemplate: Int?
    let title: String?
    let tasks: [AssignmentRequest.Task]?

    init(_ assignment: Assignment) {
        peachAssignmentTemplate = Self.version
        title = assignment.title
        tasks = assignment.tasks.map(AssignmentRequest.Task.init)
    }

    static var apiNotes: [String: APINote] {
        [
            "peachAssignmentTemplate": APINote.describe(
                "The file's format: \(version). A file without it is refused as not a template."
            ).isRequired,
            "title": APINote.describe("The title the assignment gets.").isRequired,
            "tasks": APINote.describe("As POST /api/classes/{id}/assignments takes them.").isRequired,
        ]
    }
}

/// `POST /api/classes/{id}/assignments/from-template`: a template's file as it was read, and what
/// it leaves to the class that sets it.
struct AssignmentFromTemplateRequest: Decodable, Sendable, APIDescribed {
    let template: AssignmentTemplate?
    let start: String?
    let due: String?
    let student: Int64?

    static var apiNotes: [String: APINote] {
        [
            "template": APINote.describe("The template's file, as GET …/template.json gave it.").isRequired,
            "start": .describe("ISO 8601; answers count from then on (absent: from when it is made)."),
            "due": APINote.describe("ISO 8601.").isRequired,
            "student": .describe("One student of the class it is for; absent: the whole class."),
        ]
    }

    /// Checked whole as a new assignment is: a refusal names the field (`tasks[1].discipline`).
    func draft() throws -> AssignmentDraft {
        guard let template else {
            throw AssignmentDraft.Invalid(.notTemplate, field: "template", message: "missing").refusal
        }
        let (startDate, dueDate) = try AssignmentRequest.dates(start: start, due: due)
        do {
            return try template.draft(student: student.map(UserID.init(rawValue:)), start: startDate, due: dueDate)
        } catch {
            throw error.refusal(prefix: "template: ")
        }
    }
}

extension AssignmentDraft {
    /// The assignment a template's file sets `student` (nil: the whole class) from `start` to `due`,
    /// checked as the API checks it: `peach assignments add --template` reads files with this.
    public init(templateFile: Data, student: UserID?, start: Date?, due: Date) throws(Invalid) {
        let template: AssignmentTemplate
        do {
            template = try JSONDecoder().decode(AssignmentTemplate.self, from: templateFile)
        } catch {
            throw Invalid(.notTemplate, field: "file", message: "not a Peach assignment template (no JSON of one)")
        }
        self = try template.draft(student: student, start: start, due: due)
    }
}

extension AssignmentTemplate {
    /// Its format checked first: a file of another program, or of a newer Peach, says so.
    func draft(student: UserID?, start: Date?, due: Date) throws(AssignmentDraft.Invalid) -> AssignmentDraft {
        guard let version = peachAssignmentTemplate else {
            throw AssignmentDraft.Invalid(
                .notTemplate, field: "peachAssignmentTemplate", message: "missing: not a Peach assignment template")
        }
        guard version == Self.version else {
            throw AssignmentDraft.Invalid(
                .templateVersion, field: "peachAssignmentTemplate",
                message:
                    "format \(version) is not one this Peach reads (\(Self.version)); export it again from a Peach of this version",
                given: String(version), range: Double(Self.version)...Double(Self.version))
        }
        return try Self.draft(title: title, tasks: tasks, student: student, start: start, due: due)
    }

    /// A title and tasks as a request or a file writes them, each missing part refused by name.
    static func draft(
        title: String?, tasks: [AssignmentRequest.Task]?, student: UserID?, start: Date?, due: Date
    ) throws(AssignmentDraft.Invalid) -> AssignmentDraft {
        guard let title else { throw AssignmentDraft.titleLength }
        guard let tasks else { throw AssignmentDraft.taskCount }
        var raw: [AssignmentDraft.RawTask] = []
        for (index, task) in tasks.enumerated() {
            guard let discipline = task.discipline else {
                throw AssignmentDraft.Invalid(
                    .discipline, field: "tasks[\(index)].discipline", message: "missing", task: index, given: "")
            }
            raw.append(
                AssignmentDraft.RawTask(
                    discipline: discipline, answers: task.answers, threshold: task.threshold,
                    measure: task.measure, settings: task.settings ?? SettingsUpdate()))
        }
        return try AssignmentDraft(student: student, title: title, start: start, due: due, tasks: raw)
    }
}
