import Foundation
import Hummingbird
import PeachCore

/// `/api/classes…`: a teacher's classes, their students' summaries, the class chart and CSV. A
/// class that is not the teacher's answers 404, as one that does not exist.
struct ClassroomRoutes {
    let service: AccountService
    let spaces: UserSpaces
    let environment: ServerEnvironment

    func add(to api: RouterGroup<AccountRequestContext>) {
        api.get("classes") { _, context in
            let teacher = try context.teacher()
            let classrooms = try await AccountRoutes.stored { () throws(DataStoreError) in
                try await service.accounts.classrooms(taughtBy: teacher.id)
            }
            return ClassroomsResponse(classes: classrooms.map { ClassroomResponse($0, forTeacher: true) })
        }
        api.post("classes") { request, context -> EditedResponse<ClassroomResponse> in
            let teacher = try context.teacher()
            let body = try await request.decode(as: NewClassroomRequest.self, context: context)
            let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard Classroom.nameLengths.contains(name.count) else { throw Refusal.classNameLength }
            var generator = environment.generator
            let code = InvitationCode.random(using: &generator)
            let classroom = try await AccountRoutes.stored { () throws(DataStoreError) in
                try await service.accounts.createClassroom(named: name, teacher: teacher.id, invitation: code)
            }
            return EditedResponse(status: .created, response: ClassroomResponse(classroom, forTeacher: true))
        }
        api.get("classes/:id") { _, context in
            let (classroom, students) = try await summaries(context)
            return ClassroomDetailResponse(
                id: classroom.id, name: classroom.name, invitation: classroom.invitation.rawValue,
                students: students.map(StudentSummaryResponse.init))
        }
        api.get("classes/:id/distribution.svg") { request, context -> Response in
            let language = request.uri.queryParameters["lang"].map(String.init) ?? "en"
            guard ChartOptions.languages.contains(language) else {
                throw HTTPError(.badRequest, message: "lang must be one of \(ChartOptions.languages.joined(separator: ", ")), got '\(language)'")
            }
            let width = try request.uri.queryParameters.boundedInt("width", in: ClassDistributionChart.widths, default: 640)
            let (classroom, students) = try await summaries(context)
            let chart = ClassDistributionChart(classroom: classroom, students: students, german: language == "de", width: Double(width))
            return Response(
                status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: chart.svg)))
        }
        api.get("classes/:id/summary.csv") { _, context -> Response in
            let (classroom, students) = try await summaries(context)
            let file = classroom.name.filter { $0.isLetter || $0.isNumber || $0 == "-" }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/csv; charset=utf-8",
                    .contentDisposition: "attachment; filename=\"peach-class-\(file.isEmpty ? String(classroom.id) : file).csv\"",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(string: ClassSummaryCSV.text(students))))
        }
    }

    /// The teacher's class `:id` and each student's summary, from their data as it is now.
    private func summaries(_ context: AccountRequestContext) async throws -> (Classroom, [StudentSummary]) {
        let teacher = try context.teacher()
        let id = try context.parameters.require("id", as: Int64.self)
        let found = try await AccountRoutes.stored { () throws(DataStoreError) -> (Classroom, [Account])? in
            guard let classroom = try await service.accounts.classroom(id, taughtBy: teacher.id) else { return nil }
            return (classroom, try await service.accounts.students(of: id))
        }
        guard let (classroom, students) = found else { throw Refusal.noSuchClass(id) }
        return (classroom, try await AccountRoutes.stored { () throws(DataStoreError) in try await spaces.summaries(of: students) })
    }
}
