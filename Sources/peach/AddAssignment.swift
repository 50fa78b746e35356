import ArgumentParser
import Foundation
import PeachCore
import PeachServer

/// `peach assignments add`: a teacher sets a class, or one student of it, an assignment from the
/// shell, checked as `POST /api/classes/{id}/assignments` checks it (`AssignmentDraft`).
struct AddAssignment: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Set a class, or one student of it, an assignment; prints its id.",
        discussion: """
            Each --task is \(TaskArgument.syntax): answers=N counts N answers given inside the task, \
            threshold=CENTS a fitted threshold reached (pitch and interval comparison, Which Voice?), \
            measure one "Measure my threshold" run finished (\(AssignmentDraft.measurementNames)). A \
            setting is a field of PUT /api/settings, its value in JSON or else text: \
            --task intervalComparison:answers=40:tuningSystem=justIntonation:intervals='[{"name":"P5"}]'. \
            Discipline names: GET /api/disciplines. Or --template FILE in place of --title and --task: \
            a template's file as the teacher's page saves it (GET …/assignments/{id}/template.json), \
            checked whole as the API checks it.
            """)
    @OptionGroup var database: ClassDatabaseOption
    @Option(name: .customLong("class"), help: "The class: its name, or its id.") var classroom: String
    @Option(help: "What students see it called.") var title: String?
    @Option(help: "The last day, YYYY-MM-DD: due at its end, in this machine's time zone.") var due: String
    @Option(help: "The first day answers count, YYYY-MM-DD (default: from now).") var start: String?
    @Option(help: "One student of the class it is for (default: the whole class).") var student: String?
    @Option(help: "A task (repeat for more): \(TaskArgument.syntax).") var task: [String] = []
    @Option(help: "A template's file (JSON): its title and tasks, in place of --title and --task.")
    var template: String?

    func validate() throws {
        if template != nil, title != nil || !task.isEmpty {
            throw ValidationError("--template gives the title and the tasks: leave out --title and --task")
        }
        if template == nil, title == nil { throw ValidationError("--title or --template is missing") }
    }

    func run() async throws {
        let tasks = try task.map(TaskArgument.raw)
        let file = try template.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw PeachFailure("--template: cannot read \(path)")
            }
            return data
        }
        guard let dueDay = Self.day(due) else { throw PeachFailure("--due is YYYY-MM-DD, got '\(due)'") }
        let startDay = try start.map { text in
            guard let day = Self.day(text) else { throw PeachFailure("--start is YYYY-MM-DD, got '\(text)'") }
            return day
        }
        let calendar = Calendar.current
        let dueEnd = calendar.date(byAdding: .day, value: 1, to: dueDay)!.addingTimeInterval(-1)
        try await database.withAccounts { accounts in
            let classroom = try await ClassArgument.find(self.classroom, in: accounts)
            var studentID: UserID?
            if let student { studentID = try await accounts.existing(named: student).id }
            let draft: AssignmentDraft
            do {
                let made =
                    try file.map {
                        try AssignmentDraft(templateFile: $0, student: studentID, start: startDay, due: dueEnd)
                    }
                    ?? AssignmentDraft(
                        student: studentID, title: title ?? "", start: startDay, due: dueEnd, tasks: tasks)
                draft = try made.checked(students: try await accounts.students(of: classroom.id))
            } catch let error as AssignmentDraft.Invalid {
                throw PeachFailure(described(error, in: classroom))
            }
            let assignment = try await accounts.createAssignment(draft, in: classroom.id, at: Date())
            Output.line("\(assignment.id)")
        }
    }

    /// The refusal in the command line's words: `tasks[1]` is the second --task as given.
    private func described(_ error: AssignmentDraft.Invalid, in classroom: Classroom) -> String {
        if error.field == "student", let student { return "\(student) is not in the class \(classroom.name)" }
        if let template, error.field != "start" { return "--template \(template): \(error)" }
        for (index, text) in task.enumerated() where error.field.hasPrefix("tasks[\(index)]") {
            let rest = error.field.dropFirst("tasks[\(index)]".count).drop { $0 == "." }
            return "--task '\(text)': " + (rest.isEmpty ? "" : "\(rest): ") + error.message
        }
        return "\(error.field == "tasks" ? "--task" : "--\(error.field)"): \(error.message)"
    }

    /// The start of the day in this machine's time zone, as the teacher's page reads its date field.
    private static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10 else { return nil }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        guard components.isValidDate(in: Calendar.current) else { return nil }
        return Calendar.current.date(from: components)
    }
}
