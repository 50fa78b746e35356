import Foundation
import Testing

@testable import PeachCore

/// Both class servers keep assignments alike: numbered tasks, progress moved only by answers of
/// the class's students after the start, tasks that stay the same work keeping their progress.
struct AssignmentStoreContractTests {
    typealias Backend = AccountStoreContractTests.Backend
    static let now = AccountStoreContractTests.now

    static func draft(student: UserID? = nil, start: Date? = nil, answers: Int = 2) throws -> AssignmentDraft {
        try AssignmentDraft(
            student: student, title: "Week 3", start: start, due: now.addingTimeInterval(86_400),
            tasks: [
                .init(discipline: "intervalComparison", answers: answers, settings: SettingsUpdate(tempoBPM: 90)),
                .init(discipline: "pitchComparison", threshold: 20),
            ])
    }

    @Test(arguments: Backend.allCases)
    func progressCountsTheClasssStudentsAnswersFromTheStartAndKeepsThroughAnEdit(backend: Backend) async throws {
        let store = try await AccountStoreContractTests.Harness.make(backend).store
        let tess = try #require(try await store.createAccount(AccountName("tess")!, passwordHash: "t", isTeacher: true))
        let ann = try #require(try await store.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let bob = try #require(try await store.createAccount(AccountName("bob")!, passwordHash: "b", isTeacher: false))
        let code = InvitationCode("ABCD-EFGH")!
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: code)
        _ = try await store.join(ann.id, invitation: code)

        let start = Self.now.addingTimeInterval(60)
        let made = try await store.createAssignment(try Self.draft(start: start), in: choir.id, at: Self.now)
        #expect(made.tasks.map(\.discipline) == [.intervalComparison, .pitchComparison])
        #expect(made.tasks[0].settings.tempoBPM == 90 && made.tasks[1].goal == .threshold(20))
        #expect(try await store.assignment(made.id, in: choir.id) == made)
        #expect(try await store.assignment(made.id, in: choir.id + 1) == nil)
        #expect(try await store.assignments(for: ann.id).map(\.id) == [made.id])
        #expect(try await store.assignments(for: bob.id).isEmpty, "bob is not in the class")

        let task = made.tasks[0].id
        #expect(try await store.task(task, for: ann.id)?.1 == made.tasks[0])
        #expect(try await store.task(task, for: bob.id) == nil)
        #expect(
            try await store.recordAnswer(of: ann.id, task: task, at: Self.now, reached: nil) == nil, "before its start")
        #expect(try await store.recordAnswer(of: bob.id, task: task, at: start, reached: nil) == nil, "not his")
        let first = try #require(try await store.recordAnswer(of: ann.id, task: task, at: start, reached: nil))
        #expect(first.answers == 1 && first.status == .inProgress)
        let second = try #require(
            try await store.recordAnswer(of: ann.id, task: task, at: start.addingTimeInterval(5), reached: nil))
        #expect(second.status == .done && second.lastActivity == start.addingTimeInterval(5))
        let threshold = made.tasks[1].id
        #expect(try await store.recordAnswer(of: ann.id, task: threshold, at: start, reached: 31)?.isDone == false)
        #expect(try await store.recordAnswer(of: ann.id, task: threshold, at: start, reached: 18)?.isDone == true)

        // The title changes and a task is added: the unchanged tasks keep their progress.
        let edited = try AssignmentDraft(
            student: nil, title: "Week 3 (longer)", start: start, due: Self.now.addingTimeInterval(2 * 86_400),
            tasks: [
                .init(discipline: "intervalComparison", answers: 2, settings: SettingsUpdate(tempoBPM: 90)),
                .init(discipline: "scaleDegree", answers: 10),
            ])
        let replaced = try #require(try await store.replaceAssignment(made.id, in: choir.id, with: edited))
        #expect(replaced.title == "Week 3 (longer)" && replaced.tasks[0].id == task)
        let progress = try await store.progress(of: [made.id], students: [ann.id, bob.id])
        #expect(progress.map(\.task) == [task] && progress.first?.answers == 2)

        #expect(try await !store.deleteAssignment(made.id, in: choir.id + 1))
        #expect(try await store.deleteAssignment(made.id, in: choir.id))
        #expect(try await store.assignments(of: choir.id).isEmpty)
        #expect(try await store.progress(of: [made.id], students: [ann.id]).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func anAssignmentForOneStudentIsTheirsAlone(backend: Backend) async throws {
        let store = try await AccountStoreContractTests.Harness.make(backend).store
        let tess = try #require(try await store.createAccount(AccountName("tess")!, passwordHash: "t", isTeacher: true))
        let ann = try #require(try await store.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let bob = try #require(try await store.createAccount(AccountName("bob")!, passwordHash: "b", isTeacher: false))
        let code = InvitationCode("ABCD-EFGH")!
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: code)
        _ = try await store.join(ann.id, invitation: code)
        _ = try await store.join(bob.id, invitation: code)
        let made = try await store.createAssignment(try Self.draft(student: ann.id), in: choir.id, at: Self.now)
        #expect(made.student == ann.id)
        #expect(try await store.assignments(for: ann.id).map(\.id) == [made.id])
        #expect(try await store.assignments(for: bob.id).isEmpty)
        #expect(try await store.recordAnswer(of: bob.id, task: made.tasks[0].id, at: Self.now, reached: nil) == nil)
    }
}
