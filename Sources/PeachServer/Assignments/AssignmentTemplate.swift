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
        guard let template else { throw HTTPError(.badRequest, message: "template is missing") }
        guard let version = template.peachAssignmentTemplate else {
            throw HTTPError(
                .badRequest, message: "template: not a Peach assignment template (it has no peachAssignmentTemplate)")
        }
        guard version == AssignmentTemplate.version else {
            throw HTTPError(
                .badRequest,
                message:
                    "template: format \(version) is not one this Peach reads (\(AssignmentTemplate.version)); export it again from a Peach of this version"
            )
        }
        return try AssignmentRequest(
            title: template.title, start: start, due: due, student: student, tasks: template.tasks
        ).draft()
    }
}
