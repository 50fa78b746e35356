import Foundation
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer

/// The teacher's tables sent from kept rows say what the tables made afresh say: an answer, a renamed
/// student or a second assignment is in the next view, and no row is taken for another's.
struct EncodedAssignmentRowsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func assignment(_ id: Int64, tasks: [Int64], due: Date) -> Assignment {
        Assignment(
            id: id, classroom: 7, student: nil, title: "Week \(id)", start: nil, due: due,
            tasks: tasks.map {
                AssignmentTask(id: $0, discipline: .pitchComparison, settings: SettingsUpdate(), goal: .answers(3))
            }, created: now.addingTimeInterval(-86_400))
    }

    func student(_ id: Int64, named name: String? = nil) -> Account {
        Account(id: UserID(rawValue: id), name: AccountName(name ?? "student\(id)")!, isTeacher: false)
    }

    func answered(_ task: Int64, by student: Int64, _ answers: Int) -> TaskProgress {
        TaskProgress(
            task: task, student: UserID(rawValue: student), answers: answers,
            lastActivity: now.addingTimeInterval(Double(-answers)), reached: nil, isDone: answers >= 3)
    }

    /// The kept rows' body and the one encoded whole, each decoded: equal, or the test says where not.
    func expectSame(_ rows: EncodedAssignmentRows, _ tables: [AssignmentTable]) async throws {
        let kept = try JSONDecoder().decode(
            AssignmentTablesResponse.self, from: Data(buffer: try await rows.json(of: tables, now: now)))
        let whole = try JSONDecoder().decode(
            AssignmentTablesResponse.self,
            from: try JSONEncoder().encode(
                AssignmentTablesResponse(assignments: tables.map { AssignmentTableResponse($0, now: now) })))
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(try sorted.encode(kept) == sorted.encode(whole))
    }

    @Test func everyAnswerAndNameIsInTheNextViewAndEachAssignmentKeepsItsOwnRows() async throws {
        let rows = EncodedAssignmentRows()
        let week1 = assignment(1, tasks: [11, 12], due: now.addingTimeInterval(3600))
        let week2 = assignment(2, tasks: [21], due: now.addingTimeInterval(-3600))
        let students = [student(2), student(3)]
        var progress = [answered(11, by: 2, 1)]
        func tables() -> [AssignmentTable] {
            [week1, week2].map { AssignmentTable($0, students: students, progress: progress) }
        }
        try await expectSame(rows, tables())
        progress = [answered(11, by: 2, 3), answered(12, by: 3, 1), answered(21, by: 2, 2)]
        try await expectSame(rows, tables())
        let renamed = [student(2), student(3, named: "ann")]
        try await expectSame(
            rows, [week1, week2].map { AssignmentTable($0, students: renamed, progress: progress) })

        let body = try JSONDecoder().decode(
            AssignmentTablesResponse.self, from: Data(buffer: try await rows.json(of: tables(), now: now)))
        #expect(body.assignments.map(\.assignment.overdue) == [false, true])
        #expect(body.assignments[0].rows.map { $0.tasks.map(\.answers) } == [[3, 0], [0, 1]])
        #expect(body.assignments[1].rows.map { $0.tasks.map(\.answers) } == [[2], [0]])
    }

    @Test func rowsBeyondTheCapacityAreEncodedAgainNotMixedUp() async throws {
        let rows = EncodedAssignmentRows(capacity: 3)
        let week = assignment(1, tasks: [11], due: now.addingTimeInterval(3600))
        for count in 1...4 {
            let students = (Int64(2)...5).map { student($0) }
            let progress = (Int64(2)...5).map { answered(11, by: $0, count + Int($0)) }
            try await expectSame(rows, [AssignmentTable(week, students: students, progress: progress)])
        }
    }
}
