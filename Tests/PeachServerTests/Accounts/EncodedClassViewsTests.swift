import Foundation
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachServices

/// A class view sent again is the JSON kept from the last one only while its class and rows are
/// the same: an answer, a renamed class or a new student is in the next view.
struct EncodedClassViewsTests {
    let teacher = Account(id: UserID(rawValue: 1), name: AccountName("tess")!, isTeacher: true)

    func classroom(named name: String, students: Int) -> Classroom {
        Classroom(id: 7, name: name, teacher: teacher, invitation: InvitationCode("ABCD-EFGH")!, studentCount: students)
    }

    func student(_ id: Int64, trials: Int) -> StudentSummary {
        StudentSummary(
            Account(id: UserID(rawValue: id), name: AccountName("student\(id)")!, isTeacher: false),
            StudentFigures(
                threshold: nil, missingThreshold: .noAnswers, change: nil, trials: trials, lastActivity: nil,
                disciplines: []))
    }

    func decoded(_ json: ByteBuffer) throws -> ClassroomDetailResponse {
        try JSONDecoder().decode(ClassroomDetailResponse.self, from: Data(buffer: json))
    }

    @Test func everyChangeToTheClassOrItsRowsIsInTheNextView() async throws {
        let views = EncodedClassViews()
        let first = try decoded(
            try await views.json(
                of: classroom(named: "Choir", students: 2), [student(2, trials: 10), student(3, trials: 4)]))
        #expect(first.name == "Choir" && first.students.map(\.trials.value) == [10, 4])
        #expect(
            try decoded(
                try await views.json(
                    of: classroom(named: "Choir", students: 2), [student(2, trials: 10), student(3, trials: 4)])
            ).students.map(\.trials.value) == [10, 4])

        let answered = try decoded(
            try await views.json(
                of: classroom(named: "Choir", students: 2), [student(2, trials: 11), student(3, trials: 4)]))
        #expect(answered.students.map(\.trials.value) == [11, 4])
        let renamed = try decoded(
            try await views.json(
                of: classroom(named: "Chamber choir", students: 2), [student(2, trials: 11), student(3, trials: 4)]))
        #expect(renamed.name == "Chamber choir")
        let joined = try decoded(
            try await views.json(
                of: classroom(named: "Chamber choir", students: 3),
                [student(2, trials: 11), student(3, trials: 4), student(4, trials: 0)]))
        #expect(joined.students.map(\.id) == [2, 3, 4])
        // A student who chose their own password since: the same rows, another mark.
        let rows = [student(2, trials: 11), student(3, trials: 4), student(4, trials: 0)]
        let room = classroom(named: "Chamber choir", students: 3)
        let handedOut = try decoded(try await views.json(of: room, rows, passwords: [UserID(rawValue: 4): .oneTime]))
        #expect(handedOut.students.map(\.password) == [.own, .own, .oneTime])
        #expect(try decoded(try await views.json(of: room, rows)).students.map(\.password) == [.own, .own, .own])
    }

    @Test func classesBeyondTheCapacityAreEncodedAgainNotMixedUp() async throws {
        let views = EncodedClassViews(capacity: 2)
        for id in Int64(1)...5 {
            let room = Classroom(
                id: id, name: "Class \(id)", teacher: teacher, invitation: InvitationCode("ABCD-EFGH")!, studentCount: 1
            )
            #expect(
                try decoded(try await views.json(of: room, [student(10 + id, trials: Int(id))])).students.map(
                    \.trials.value) == [Int(id)])
        }
        let first = Classroom(
            id: 1, name: "Class 1", teacher: teacher, invitation: InvitationCode("ABCD-EFGH")!, studentCount: 1)
        #expect(try decoded(try await views.json(of: first, [student(11, trials: 1)])).name == "Class 1")
    }
}

extension EncodedClassViewsTests {
    @Test func eachFormOfAClassIsKeptApart() async throws {
        let views = EncodedClassViews()
        let room = classroom(named: "Choir", students: 1)
        let rows = [student(2, trials: 10)]
        let english = await views.body(of: room, rows, as: "svg en 640") { ByteBuffer(string: "english") }
        let german = await views.body(of: room, rows, as: "svg de 640") { ByteBuffer(string: "german") }
        #expect(String(buffer: english) == "english" && String(buffer: german) == "german")
        #expect(
            String(buffer: await views.body(of: room, rows, as: "svg en 640") { ByteBuffer(string: "made again") })
                == "english")
        #expect(try decoded(try await views.json(of: room, rows)).students.map(\.trials.value) == [10])
        let answered = [student(2, trials: 11)]
        #expect(
            String(
                buffer: await views.body(of: room, answered, as: "svg en 640") { ByteBuffer(string: "after an answer") }
            ) == "after an answer")
    }
}

extension EncodedClassViewsTests {
    /// Rows being prepared are said as such, and counted; such a view is made again each time,
    /// never sent again as if it were the class's.
    @Test func aViewWithRowsBeingPreparedIsNeverKept() async throws {
        let views = EncodedClassViews()
        let room = classroom(named: "Choir", students: 2)
        let preparing = StudentSummary(
            Account(id: UserID(rawValue: 3), name: AccountName("student3")!, isTeacher: false), nil)
        // Student 4 answered since its last fit: being prepared, its row holds that fit's figures.
        let answered = StudentSummary(student(4, trials: 7).account, student(4, trials: 7).figures, isPrepared: false)
        let partial = [student(2, trials: 10), preparing, answered]
        let view = try decoded(try await views.json(of: room, partial))
        #expect(view.preparing == 2)
        #expect(view.students.map(\.preparing) == [false, true, true])
        #expect(view.students.map(\.trials.value) == [10, nil, 7])
        #expect(view.students[1].disciplines.isEmpty && view.students[1].threshold.value == nil)
        #expect(view.disciplines == DisciplineFigures.disciplines.map(\.rawValue))
        #expect(
            String(buffer: await views.body(of: room, partial, as: "svg en 640") { ByteBuffer(string: "first") })
                == "first")
        #expect(
            String(buffer: await views.body(of: room, partial, as: "svg en 640") { ByteBuffer(string: "made again") })
                == "made again")
        let complete = [student(2, trials: 10), student(3, trials: 4)]
        #expect(try decoded(try await views.json(of: room, complete)).preparing == 0)
        #expect(
            String(buffer: await views.body(of: room, complete, as: "svg en 640") { ByteBuffer(string: "whole") })
                == "whole")
        #expect(
            String(buffer: await views.body(of: room, complete, as: "svg en 640") { ByteBuffer(string: "not made") })
                == "whole")
    }
}
