import Foundation
import Logging
import Testing

@testable import PeachCore
@testable import PeachServices
@testable import PeachStore

/// A teacher's class view on both class stores (SQLite class files, PostgreSQL): with no figures
/// kept (after an upgrade or a bulk load) it answers at once, every student's row there and those
/// not yet fitted marked as being prepared; the background worker fits the class in view first,
/// keeps what it fitted, and a later view is complete and, after a restart, opens no student's records.
struct ClassFiguresTests {
    typealias Backend = AccountStoreContractTests.Backend
    typealias Harness = AccountStoreContractTests.Harness

    /// Holds every opening of a student's records until released, in the order asked.
    actor Gate {
        private(set) var opened: [UserID] = []
        private var released = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func pass(_ student: UserID) async {
            opened.append(student)
            if released { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            released = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }

        func waitForOpenings(_ expected: Int) async throws {
            for _ in 0..<500 where opened.count < expected { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    static func figures(_ harness: Harness, _ gate: Gate) -> ClassFigures {
        ClassFigures(
            accounts: harness.store,
            records: { student, _ throws(DataStoreError) in
                await gate.pass(student)
                do {
                    return try await harness.records(student).store
                } catch {
                    throw error as? DataStoreError ?? .fetchFailed(String(describing: error))
                }
            }, logger: Logger(label: "test"))
    }

    static func students(_ names: [String], _ harness: Harness, answers: Int) async throws -> [Account] {
        var students: [Account] = []
        for name in names {
            let student = try #require(
                try await harness.store.createAccount(AccountName(name)!, passwordHash: "h", isTeacher: false))
            let store = try await harness.records(student.id).store
            for index in 0..<answers {
                try await store.save(
                    AccountStoreContractTests.comparison(
                        Double(index % 7 + 2), correct: index % 3 > 0, at: Double(index)))
            }
            students.append(student)
        }
        return students
    }

    @Test(arguments: Backend.allCases)
    func aViewWithNoFiguresKeptAnswersAtOnceAndIsCompleteLater(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let students = try await Self.students(["ann", "bob", "cy"], harness, answers: 5)
        let gate = Gate()
        let figures = Self.figures(harness, gate)

        let first = try await figures.rows(of: students, waitingAtMost: .zero)
        #expect(first.map(\.account) == students, "every student's row")
        #expect(
            first.allSatisfy { !$0.isPrepared && $0.figures == nil },
            "none fitted yet: all being prepared, no figures made up")
        try await gate.waitForOpenings(3)
        // Still held: a view waiting a moment answers with them being prepared.
        #expect(try await figures.rows(of: students, waitingAtMost: .milliseconds(20)).allSatisfy { !$0.isPrepared })
        await gate.release()

        let prepared = try await figures.prepared(students)
        #expect(prepared.map(\.figures.trials) == [5, 5, 5])
        let later = try await figures.rows(of: students, waitingAtMost: .zero)
        #expect(later.map(\.figures) == prepared.map(\.figures))
        #expect(await gate.opened.count == 3, "each student fitted once")

        // Kept: after a restart the view is complete at once and opens no student's records.
        let restarted = try await harness.reopened()
        let afterRestart = Gate()
        #expect(
            try await Self.figures(restarted, afterRestart).rows(of: students, waitingAtMost: .zero).map(\.figures)
                == prepared.map(\.figures))
        #expect(await afterRestart.opened.isEmpty)
    }

    /// The start's preparation works through every student; a view puts its own class first.
    @Test(arguments: Backend.allCases)
    func theClassInViewIsFittedBeforeTheRest(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let students = try await Self.students((1...10).map { String(format: "student%02d", $0) }, harness, answers: 1)
        let gate = Gate()
        let figures = Self.figures(harness, gate)
        let everyone = Task { try await figures.prepareEveryStudent() }
        // The first group of the preparation is being fitted, in name order.
        try await gate.waitForOpenings(4)
        let inView = Array(students.suffix(2))
        #expect(try await figures.rows(of: inView, waitingAtMost: .zero).allSatisfy { !$0.isPrepared })
        await gate.release()
        #expect(try await everyone.value == 10)
        let opened = await gate.opened
        #expect(Set(opened) == Set(students.map(\.id)) && opened.count == 10, "everyone fitted once")
        #expect(Set(opened[4..<8]).isSuperset(of: inView.map(\.id)), "the class in view in the next group: \(opened)")
        #expect(try await figures.rows(of: students, waitingAtMost: .zero).allSatisfy(\.isPrepared))
    }

    /// A student who answers is fitted again: the next view shows them as being prepared, with the
    /// figures of their last fit (not a blank), then with the new answer.
    @Test(arguments: Backend.allCases)
    func aStudentWhoAnsweredIsFittedAgain(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let students = try await Self.students(["ann", "bob"], harness, answers: 2)
        let gate = Gate()
        await gate.release()
        let figures = Self.figures(harness, gate)
        #expect(try await figures.prepared(students).map(\.figures.trials) == [2, 2])
        try await harness.records(students[0].id).store.save(
            AccountStoreContractTests.comparison(4, correct: true, at: 100))
        let rows = try await figures.rows(of: students, waitingAtMost: .zero)
        #expect(rows.map(\.isPrepared) == [false, true])
        #expect(rows.map(\.figures?.trials) == [2, 2], "being prepared, ann's row keeps her last fit")
        #expect(try await figures.prepared(students).map(\.figures.trials) == [3, 2])
        #expect(await gate.opened.count == 3)
    }

    /// Two instances on one PostgreSQL database prepare the same class at once: each student is
    /// fitted once, by one of them (the other takes the figures it kept), and both end with every
    /// student's figures, kept at the student's revision.
    @Test
    func instancesSharingADatabaseFitEachStudentOnce() async throws {
        let harness = try await Harness.make(.postgres)
        let other = try await harness.reopened()
        let students = try await Self.students((1...12).map { String(format: "student%02d", $0) }, harness, answers: 3)
        let gate = Gate()
        let (first, second) = (Self.figures(harness, gate), Self.figures(other, gate))
        async let firstPrepared = first.prepareEveryStudent()
        async let secondPrepared = second.prepareEveryStudent()
        // Both workers are fitting a group before either ends one: without the holds, the same group.
        try await gate.waitForOpenings(8)
        await gate.release()
        _ = try await (firstPrepared, secondPrepared)

        let opened = await gate.opened
        #expect(opened.count == 12 && Set(opened) == Set(students.map(\.id)), "each student fitted once: \(opened)")
        let kept = try await harness.reopened().store.keptFigures(of: students.map(\.id))
        #expect(kept.count == 12 && kept.values.allSatisfy { $0.trials == 3 }, "every student's figures kept, current")
        for figures in [first, second] {
            #expect(
                try await figures.rows(of: students, waitingAtMost: .zero).allSatisfy {
                    $0.isPrepared && $0.figures?.trials == 3
                })
        }
        #expect(await gate.opened.count == 12, "no student fitted again for a view")
    }

    /// A fit that fails is not shown as being prepared for ever: the view that waited for it says
    /// so, and the next one tries again.
    @Test(arguments: Backend.allCases)
    func aFailedFitIsReportedAndTriedAgain(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let students = try await Self.students(["ann", "bob"], harness, answers: 1)
        let failing = FailingOnce(students[1].id)
        let figures = ClassFigures(
            accounts: harness.store,
            records: { student, _ throws(DataStoreError) in
                try await failing.pass(student)
                do {
                    return try await harness.records(student).store
                } catch {
                    throw .fetchFailed(String(describing: error))
                }
            }, logger: Logger(label: "test"))
        await #expect(throws: DataStoreError.self) { try await figures.prepared(students) }
        #expect(try await figures.prepared(students).map(\.figures.trials) == [1, 1])
    }

    actor FailingOnce {
        private var student: UserID?
        init(_ student: UserID) { self.student = student }

        func pass(_ opening: UserID) throws(DataStoreError) {
            guard opening == student else { return }
            student = nil
            throw .fetchFailed("the disk is gone")
        }
    }
}
