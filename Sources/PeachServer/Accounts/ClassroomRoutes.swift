import Foundation
import Hummingbird
import PeachCore
import PeachServices

/// `/api/classes…`: a teacher's classes, their students' summaries, the class chart and CSV. A
/// class that is not the teacher's answers 404, as one that does not exist.
struct ClassroomRoutes: RouteTable {
    typealias Context = AccountRequestContext

    let service: AccountService
    let spaces: UserSpaces
    let environment: ServerEnvironment
    let views: EncodedClassViews

    init(_ services: ClassServices) {
        service = services.accounts
        spaces = services.spaces
        environment = services.environment
        views = services.views
    }

    static let lang = APIParameter.oneOf("lang", ChartOptions.languages, default: "en")
        .described("Language of the labels and the numbers (\"0,5 ¢\" in German).")
    static let width = APIParameter.integer("width", in: ClassDistributionChart.widths, default: 640)
        .described("In CSS pixels: the chart is drawn at the width it is shown, its text at 12 px.")

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "classes", "teacherClasses", "A teacher's classes with their invitation codes",
                returns: "The classes I teach.", access: .teacher, Self.classes),
            Route(
                .post, "classes", "createClass", "Create a class and its invitation code",
                status: .created, returns: "The new class.", access: .teacher, Self.create),
            Route(
                .get, "classes/{id}", "classDetail",
                "A class of mine and each student's fitted threshold, trend, trials and last activity (404 for another teacher's class)",
                returns: "The class.", media: .json(ClassroomDetailResponse.self), parameters: [AccountRoutes.classID],
                errors: [.error(.notFound)], access: .teacher, Self.detail),
            Route(
                .get, "classes/{id}/distribution.svg", "classDistribution",
                "The class's fitted thresholds as one chart (SVG)",
                returns: "The chart.", media: .svg, parameters: [AccountRoutes.classID, lang, width],
                errors: [.error(.notFound)],
                access: .teacher, Self.distribution),
            Route(
                .get, "classes/{id}/summary.csv", "classSummaryCSV", "The class table as CSV, one row per student",
                returns:
                    "The CSV file, as an attachment. Where a threshold's cells are empty, `missingThreshold` (`<discipline>MissingThreshold` for a discipline's own) says why, as a row's `missingThreshold.reason`.",
                media: .csv, parameters: [AccountRoutes.classID],
                errors: [.error(.notFound)], access: .teacher, Self.summaryCSV),
        ]
    }

    func classes(_ input: Input<NoBody>) async throws -> ClassroomsResponse {
        let teacher = try input.teacher()
        let classrooms = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await service.accounts.classrooms(taughtBy: teacher.id)
        }
        return ClassroomsResponse(classes: classrooms.map { ClassroomResponse($0, forTeacher: true) })
    }

    func create(_ input: Input<NewClassroomRequest>) async throws -> ClassroomResponse {
        let teacher = try input.teacher()
        let name = input.body.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Classroom.nameLengths.contains(name.count) else { throw Refusal.classNameLength }
        guard Classroom.isAllowedName(name) else {
            throw HTTPError(.badRequest, message: Classroom.controlCharacterRule)
        }
        var generator = environment.generator
        let code = InvitationCode.random(using: &generator)
        let classroom = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await service.accounts.createClassroom(named: name, teacher: teacher.id, invitation: code)
        }
        return ClassroomResponse(classroom, forTeacher: true)
    }

    func detail(_ input: Input<NoBody>) async throws -> MediaResponse {
        let (classroom, students) = try await AccountRoutes.classAndStudents(input, service)
        let figures = spaces.classFigures
        let (rows, invitations) = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            (
                try await figures.rows(of: students, waitingAtMost: figures.viewWait),
                try await service.accounts.unusedInvitations(of: students.filter(\.mustChangePassword).map(\.id))
            )
        }
        let now = service.now()
        let passwords = Dictionary(
            uniqueKeysWithValues: students.map {
                ($0.id, PasswordStatus($0, unusedInvitation: invitations[$0.id], now: now))
            })
        return MediaResponse(
            body: ResponseBody(byteBuffer: try await views.json(of: classroom, rows, passwords: passwords)))
    }

    func distribution(_ input: Input<NoBody>) async throws -> MediaResponse {
        let (language, width) = (try input[Self.lang], try input[Self.width])
        let (classroom, students) = try await AccountRoutes.classAndStudents(input, service)
        // The page asks for the chart after the view, which waited already.
        let rows = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await spaces.classFigures.rows(of: students, waitingAtMost: .zero)
        }
        let svg = await views.body(of: classroom, rows, as: "svg \(language) \(width)") {
            ByteBuffer(
                string: ClassDistributionChart(
                    classroom: classroom, students: rows, german: language == "de", width: Double(width)
                ).svg)
        }
        return MediaResponse(body: ResponseBody(byteBuffer: svg))
    }

    /// Every row with its figures: a spreadsheet has no "being prepared". The class goes first in
    /// the preparation, and the rows are written as they are ready (the header at once).
    func summaryCSV(_ input: Input<NoBody>) async throws -> MediaResponse {
        let (classroom, students) = try await AccountRoutes.classAndStudents(input, service)
        let classFigures = spaces.classFigures
        _ = try await AccountRoutes.stored(service) { () throws(DataStoreError) in
            try await classFigures.rows(of: students, waitingAtMost: .zero)
        }
        let file = classroom.name.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return MediaResponse(
            body: ClassSummaryCSV.body(students) { chunk in try await classFigures.prepared(chunk) },
            headers: [
                .contentDisposition:
                    "attachment; filename=\"peach-class-\(file.isEmpty ? String(classroom.id) : file).csv\""
            ])
    }
}
