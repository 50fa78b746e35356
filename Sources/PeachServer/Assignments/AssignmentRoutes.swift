import Foundation
import Hummingbird
import PeachCore

/// `/api/classes/{id}/assignments…` for the class's teacher (another teacher's class answers 404,
/// as one that does not exist), and `/api/assignments` for a student: their own, with progress.
struct AssignmentRoutes: RouteTable {
    typealias Context = AccountRequestContext

    let service: AccountService
    let environment: ServerEnvironment
    let rows: EncodedAssignmentRows

    init(_ services: ClassServices) {
        service = services.accounts
        environment = services.environment
        rows = services.assignmentRows
    }

    static let assignmentID = APIParameter.pathID("assignment").described("The assignment.")

    static var routes: [Route<Self>] {
        [
            Route(
                .post, "classes/{id}/assignments", "createAssignment",
                "Set a class (or one student of it) an assignment: a title, a due date and tasks, each a discipline with its settings and a goal",
                status: .created, returns: "The assignment with its (empty) table.",
                parameters: [AccountRoutes.classID],
                errors: [.error(.notFound)], access: .teacher, Self.create),
            Route(
                .get, "classes/{id}/assignments", "classAssignments",
                "The class's assignments, each with its table: every student it is for × every task (status, answers, threshold reached, last activity)",
                returns: "Newest due date first.", media: .json(AssignmentTablesResponse.self),
                parameters: [AccountRoutes.classID], errors: [.error(.notFound)], access: .teacher, Self.list),
            Route(
                .get, "classes/{id}/assignments/{assignment}", "classAssignment", "One assignment with its table",
                returns: "The assignment.", parameters: [AccountRoutes.classID, assignmentID],
                errors: [.error(.notFound)], access: .teacher, Self.one),
            Route(
                .get, "classes/{id}/assignments/{assignment}/table.csv", "classAssignmentCSV",
                "One assignment's table as CSV: a row per student it is for; per task its status, answers and threshold reached; the last activity",
                returns: "The CSV file, as an attachment.", media: .csv,
                parameters: [AccountRoutes.classID, assignmentID], errors: [.error(.notFound)], access: .teacher,
                Self.tableCSV),
            Route(
                .get, "classes/{id}/assignments/{assignment}/template.json", "classAssignmentTemplate",
                "One assignment as a template: its title and tasks (with their settings and goals), without dates or a student, to set again in another class or to share",
                returns: "The template's file, as an attachment.", media: .json(AssignmentTemplate.self),
                parameters: [AccountRoutes.classID, assignmentID], errors: [.error(.notFound)], access: .teacher,
                Self.template),
            Route(
                .post, "classes/{id}/assignments/from-template", "createAssignmentFromTemplate",
                "Set a class (or one student of it) an assignment from a template's file, with a due date; the file is checked whole, as a new assignment is",
                status: .created, returns: "The assignment with its (empty) table.",
                parameters: [AccountRoutes.classID], errors: [.error(.notFound)], access: .teacher,
                Self.createFromTemplate),
            Route(
                .put, "classes/{id}/assignments/{assignment}", "updateAssignment",
                "Change an assignment; the tasks left as they were keep their progress",
                returns: "The assignment.", parameters: [AccountRoutes.classID, assignmentID],
                errors: [.error(.notFound)], access: .teacher, Self.update),
            Route(
                .delete, "classes/{id}/assignments/{assignment}", "deleteAssignment",
                "Delete an assignment and its progress", returns: "Deleted.",
                parameters: [AccountRoutes.classID, assignmentID], errors: [.error(.notFound)], access: .teacher,
                Self.delete),
            Route(
                .get, "assignments", "myAssignments",
                "My open and recent assignments (due within the last week) from every class I am in, soonest due first, with my progress",
                returns: "My assignments.", access: .signedIn, Self.mine),
        ]
    }

    func create(_ input: Input<AssignmentRequest>) async throws -> AssignmentTableResponse {
        try await created(input, input.body.draft)
    }

    func createFromTemplate(_ input: Input<AssignmentFromTemplateRequest>) async throws -> AssignmentTableResponse {
        try await created(input, input.body.draft)
    }

    /// The draft stored as a new assignment of the teacher's class `{id}` (another's is 404 whatever
    /// the body says), once it is for the class or one of its students.
    private func created<Body>(_ input: Input<Body>, _ draft: () throws -> AssignmentDraft) async throws
        -> AssignmentTableResponse
    {
        let (classroom, students) = try await AccountRoutes.classAndStudents(input, service)
        let draft = try Self.checked(draft(), students: students)
        let now = environment.now()
        let assignment = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await service.accounts.createAssignment(draft, in: classroom.id, at: now)
        }
        return table(assignment, students: students, progress: [])
    }

    func list(_ input: Input<NoBody>) async throws -> MediaResponse {
        let (classroom, students) = try await AccountRoutes.classAndStudents(input, service)
        let (assignments, progress) = try await AccountRoutes.stored(service) {
            () throws(DataStoreError) -> ([Assignment], [TaskProgress]) in
            let assignments = try await service.accounts.assignments(of: classroom.id)
            return (
                assignments,
                try await service.accounts.progress(of: assignments.map(\.id), students: students.map(\.id))
            )
        }
        let tables = assignments.map { AssignmentTable($0, students: students, progress: progress) }
        return MediaResponse(body: ResponseBody(byteBuffer: try await rows.json(of: tables, now: environment.now())))
    }

    func one(_ input: Input<NoBody>) async throws -> AssignmentTableResponse {
        AssignmentTableResponse(try await storedTable(input), now: environment.now())
    }

    /// The table for a spreadsheet: a row per student, three columns per task.
    func tableCSV(_ input: Input<NoBody>) async throws -> MediaResponse {
        let table = try await storedTable(input)
        return MediaResponse(
            body: ResponseBody(byteBuffer: ByteBuffer(string: AssignmentTableCSV.text(table))),
            headers: [.contentDisposition: "attachment; filename=\"peach-assignment-\(table.assignment.id).csv\""])
    }

    func template(_ input: Input<NoBody>) async throws -> MediaResponse {
        let (classroom, _) = try await AccountRoutes.classAndStudents(input, service)
        let id = try input[Self.assignmentID]
        let found = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await service.accounts.assignment(id, in: classroom.id)
        }
        guard let assignment = found else { throw Self.noSuchAssignment(id) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return MediaResponse(
            body: ResponseBody(byteBuffer: ByteBuffer(data: try encoder.encode(AssignmentTemplate(assignment)))),
            headers: [.contentDisposition: "attachment; filename=\"peach-template-\(assignment.id).json\""])
    }

    /// The assignment `{assignment}` of the teacher's class `{id}` with its table.
    private func storedTable(_ input: Input<NoBody>) async throws -> AssignmentTable {
        let (classroom, students) = try await AccountRoutes.classAndStudents(input, service)
        let id = try input[Self.assignmentID]
        let found = try await AccountRoutes.stored(service) {
            () throws(DataStoreError) -> (Assignment, [TaskProgress])? in
            guard let assignment = try await service.accounts.assignment(id, in: classroom.id) else { return nil }
            return (assignment, try await service.accounts.progress(of: [id], students: students.map(\.id)))
        }
        guard let (assignment, progress) = found else { throw Self.noSuchAssignment(id) }
        return AssignmentTable(assignment, students: students, progress: progress)
    }

    func update(_ input: Input<AssignmentRequest>) async throws -> AssignmentTableResponse {
        let (classroom, students) = try await AccountRoutes.classAndStudents(input, service)
        let id = try input[Self.assignmentID]
        let draft = try Self.checked(input.body.draft(), students: students)
        let found = try await AccountRoutes.stored(service) {
            () throws(DataStoreError) -> (Assignment, [TaskProgress])? in
            guard let assignment = try await service.accounts.replaceAssignment(id, in: classroom.id, with: draft)
            else { return nil }
            return (assignment, try await service.accounts.progress(of: [id], students: students.map(\.id)))
        }
        guard let (assignment, progress) = found else { throw Self.noSuchAssignment(id) }
        return table(assignment, students: students, progress: progress)
    }

    func delete(_ input: Input<NoBody>) async throws {
        let (classroom, _) = try await AccountRoutes.classAndStudents(input, service)
        let id = try input[Self.assignmentID]
        let deleted = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await service.accounts.deleteAssignment(id, in: classroom.id)
        }
        guard deleted else { throw Self.noSuchAssignment(id) }
    }

    func mine(_ input: Input<NoBody>) async throws -> MyAssignmentsResponse {
        let (account, _) = try input.signedIn()
        let now = environment.now()
        let listed = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await service.accounts.listedAssignments(for: account.id, at: now)
        }
        return MyAssignmentsResponse(
            assignments: listed.map { entry in
                MyAssignmentsResponse.Entry(
                    assignment: AssignmentResponse(entry.assignment, now: now), className: entry.className,
                    progress: entry.progress.map(TaskProgressResponse.init), done: entry.isDone)
            })
    }

    /// Each student the assignment is for, in the class's order, × each task.
    private func table(_ assignment: Assignment, students: [Account], progress: [TaskProgress])
        -> AssignmentTableResponse
    {
        AssignmentTableResponse(
            AssignmentTable(assignment, students: students, progress: progress), now: environment.now())
    }

    private static func checked(_ draft: AssignmentDraft, students: [Account]) throws -> AssignmentDraft {
        do {
            return try draft.checked(students: students)
        } catch {
            throw error.refusal
        }
    }

    private static func noSuchAssignment(_ id: Int64) -> HTTPError {
        HTTPError(.notFound, message: "this class has no assignment \(id)")
    }
}
