import Foundation
import Hummingbird
import PeachCore
import PeachServices

/// The class views last sent, as bytes, by class and form (the JSON, the chart in a language and a
/// width): a teacher's view of 1,000 students is ~470 KB of JSON and its chart ~230 KB of SVG, and
/// making them took most of a warm view (46 of 70 ms for the JSON on a loaded machine, against 16 ms
/// for the same rows as CSV). A view whose class and rows are equal to the last one's is sent as
/// those bytes; any change (an answer, a name, a new student) makes it afresh. A view with rows still
/// being prepared is not kept.
actor EncodedClassViews {
    private struct Form: Hashable {
        let classroom: Int64
        let name: String
    }

    private var views: [Form: (classroom: Classroom, students: [StudentSummary], also: AnyHashable, body: ByteBuffer)] =
        [:]
    /// Forms kept; a server has a few teachers, each with a few classes.
    private let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// `GET /api/classes/{id}`'s body; `passwords`: each student's, `.own` where absent.
    func json(of classroom: Classroom, _ students: [StudentSummary], passwords: [UserID: PasswordStatus] = [:]) throws
        -> ByteBuffer
    {
        try body(of: classroom, students, as: "json", also: passwords) {
            let response = ClassroomDetailResponse(
                id: classroom.id, name: classroom.name, invitation: classroom.invitation.rawValue,
                disciplines: DisciplineFigures.disciplines.map(\.rawValue),
                preparing: students.count { !$0.isPrepared },
                students: students.map { StudentSummaryResponse($0, password: passwords[$0.account.id] ?? .own) })
            return ByteBuffer(data: try JSONEncoder().encode(response))
        }
    }

    /// `form` names what `make` makes of the class and its rows, and `also` whatever else it reads.
    func body(
        of classroom: Classroom, _ students: [StudentSummary], as form: String, also: AnyHashable = 0,
        _ make: () throws -> ByteBuffer
    ) rethrows -> ByteBuffer {
        let key = Form(classroom: classroom.id, name: form)
        if let kept = views[key], kept.classroom == classroom, kept.students == students, kept.also == also {
            return kept.body
        }
        let body = try make()
        // A view with rows being prepared is sent as made, never kept: the next one has more figures.
        guard students.allSatisfy(\.isPrepared) else { return body }
        if views[key] == nil, views.count >= capacity { views.removeAll() }
        views[key] = (classroom, students, also, body)
        return body
    }
}
