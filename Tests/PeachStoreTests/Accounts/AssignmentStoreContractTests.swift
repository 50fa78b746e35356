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
        #expect(try await store.recordAnswer(of: ann.id, in: task, at: Self.now, .counted) == nil, "before its start")
        #expect(try await store.recordAnswer(of: bob.id, in: task, at: start, .counted) == nil, "not his")
        #expect(try await store.count(of: task.id, for: ann.id) == nil)
        let first = try #require(try await store.recordAnswer(of: ann.id, in: task, at: start, .counted))
        #expect(first.progress.answers == 1 && first.progress.status == .inProgress)
        let second = try #require(
            try await store.recordAnswer(of: ann.id, in: task, at: start.addingTimeInterval(5), .counted, known: first))
        #expect(second.progress.status == .done && second.progress.lastActivity == start.addingTimeInterval(5))
        #expect(try await store.count(of: task.id, for: ann.id)?.progress.answers == 2)
        // Progress moved meanwhile (another instance) is not written over: the answer counts on it.
        #expect(
            try await !store.moveProgress(
                from: first, to: first.recording(answerAt: start, .counted, in: task), answeredAt: start))
        let third = try await store.recordAnswer(of: ann.id, in: task, at: start, .counted, known: first)
        #expect(third?.progress.answers == 3 && third?.progress.lastActivity == start.addingTimeInterval(5))
        // Answers counted at once, as two instances do: each counts once.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { _ = try await store.recordAnswer(of: ann.id, in: task, at: start, .counted) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.count(of: task.id, for: ann.id)?.progress.answers == 7)

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
        #expect(try await store.recordAnswer(of: bob.id, in: made.tasks[0], at: Self.now, .counted) == nil)
    }

    /// A threshold goal is fitted to the task's own answers, kept with the progress: an instance
    /// whose count is stale fits the answers another counted meanwhile too, and the fit is the
    /// Profile's rule over exactly those answers.
    @Test(arguments: Backend.allCases)
    func aThresholdGoalIsFittedToTheTasksOwnAnswersAcrossInstances(backend: Backend) async throws {
        let harness = try await AccountStoreContractTests.Harness.make(backend)
        defer { withExtendedLifetime(harness) {} }
        let store = harness.store
        let tess = try #require(try await store.createAccount(AccountName("tess")!, passwordHash: "t", isTeacher: true))
        let ann = try #require(try await store.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let code = InvitationCode("ABCD-EFGH")!
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: code)
        _ = try await store.join(ann.id, invitation: code)
        let made = try await store.createAssignment(try Self.draft(), in: choir.id, at: Self.now)
        let task = made.tasks[1]
        #expect(task.goal == .threshold(20))

        let trials = Self.listener(at: 30, answers: 120)
        var counted: [TaskCount] = []
        for (index, trial) in trials.enumerated() {
            // Every third answer is counted by an instance that last saw the count two answers ago.
            let known = index % 3 == 2 ? counted[index - 2] : counted.last
            counted.append(
                try #require(
                    try await store.recordAnswer(
                        of: ann.id, in: task, at: Self.now.addingTimeInterval(Double(index)), .trial(trial),
                        known: known)))
        }
        #expect(counted.map(\.progress.answers) == Array(1...trials.count))
        let stored = try #require(try await store.count(of: task.id, for: ann.id))
        #expect(stored == counted.last)
        #expect(stored.goalTrials.trials == trials)
        let fitted = try #require(ComparisonKind.goalThreshold(.pitchComparison, fittedTo: trials))
        #expect(stored.progress.reached == fitted.rawValue && !stored.progress.isDone)
        let table = try await store.progress(of: [made.id], students: [ann.id])
        #expect(table == [stored.progress])
    }

    /// Answers of a listener at `threshold` ¢ over a ladder of differences, right as often as the
    /// model says: by a golden-ratio sequence, not by chance, so every run fits alike.
    static func listener(at threshold: Double, answers: Int) -> [ThresholdEstimator.Trial] {
        (0..<answers).map { index in
            let difference = [8.0, 15, 30, 60, 120][index % 5]
            let right = ThresholdEstimator.probabilityCorrect(difference: difference, threshold: threshold, slope: 1.5)
            let drawn = (Double(index) * 0.618_034).truncatingRemainder(dividingBy: 1)
            return ThresholdEstimator.Trial(difference: difference, isCorrect: drawn < right)
        }
    }
}
