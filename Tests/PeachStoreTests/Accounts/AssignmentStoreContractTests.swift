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
        // Kept to the end: the SQLite files go with it, and answers counted at once open more connections.
        let harness = try await AccountStoreContractTests.Harness.make(backend)
        defer { withExtendedLifetime(harness) {} }
        let store = harness.store
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

        let task = made.tasks[0]
        #expect(try await store.task(task.id, for: ann.id)?.1 == task)
        #expect(try await store.task(task.id, for: bob.id) == nil)
        #expect(
            try await store.recordAnswer(of: ann.id, in: task, at: Self.now, reading: nil) == nil, "before its start")
        #expect(try await store.recordAnswer(of: bob.id, in: task, at: start, reading: nil) == nil, "not his")
        #expect(try await store.progress(of: task.id, for: ann.id) == nil)
        let first = try #require(try await store.recordAnswer(of: ann.id, in: task, at: start, reading: nil))
        #expect(first.answers == 1 && first.status == .inProgress)
        let second = try #require(
            try await store.recordAnswer(
                of: ann.id, in: task, at: start.addingTimeInterval(5), reading: nil, known: first))
        #expect(second.status == .done && second.lastActivity == start.addingTimeInterval(5))
        #expect(try await store.progress(of: task.id, for: ann.id)?.answers == 2)
        // Progress moved meanwhile (another instance) is not written over: the answer counts on it.
        #expect(
            try await !store.moveProgress(
                from: first, to: first.recording(answerAt: start, reading: nil, toward: task.goal), answeredAt: start))
        let third = try await store.recordAnswer(of: ann.id, in: task, at: start, reading: nil, known: first)
        #expect(third?.answers == 3 && third?.lastActivity == start.addingTimeInterval(5))
        // Answers counted at once, as two instances do: each counts once.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { _ = try await store.recordAnswer(of: ann.id, in: task, at: start, reading: nil) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.progress(of: task.id, for: ann.id)?.answers == 7)
        let threshold = made.tasks[1]
        #expect(try await store.recordAnswer(of: ann.id, in: threshold, at: start, reading: 31)?.isDone == false)
        #expect(try await store.recordAnswer(of: ann.id, in: threshold, at: start, reading: 18)?.isDone == true)

        // The title changes and a task is added: the unchanged tasks keep their progress.
        let edited = try AssignmentDraft(
            student: nil, title: "Week 3 (longer)", start: start, due: Self.now.addingTimeInterval(2 * 86_400),
            tasks: [
                .init(discipline: "intervalComparison", answers: 2, settings: SettingsUpdate(tempoBPM: 90)),
                .init(discipline: "scaleDegree", answers: 10),
            ])
        let replaced = try #require(try await store.replaceAssignment(made.id, in: choir.id, with: edited))
        #expect(replaced.title == "Week 3 (longer)" && replaced.tasks[0].id == task.id)
        let progress = try await store.progress(of: [made.id], students: [ann.id, bob.id])
        #expect(progress.map(\.task) == [task.id] && progress.first?.answers == 7)

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
        #expect(try await store.recordAnswer(of: bob.id, in: made.tasks[0], at: Self.now, reading: nil) == nil)
    }
}
