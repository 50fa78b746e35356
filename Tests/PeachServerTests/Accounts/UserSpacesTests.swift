import Foundation
import Logging
import Testing
@testable import PeachCore
@testable import PeachServer
@testable import PeachServices
@testable import PeachStore

/// A user's requests that arrive together while their space is built share one build, unless a
/// request read a newer revision than the build did: that one never gets the older view.
struct UserSpacesTests {
    /// Holds every opening of a user's stores until released, and counts them.
    actor Opening {
        private(set) var count = 0
        private var released = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func pass() async {
            count += 1
            if released { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            released = true
            waiting.forEach { $0.resume() }
            waiting = []
        }

        func waitForCount(_ expected: Int) async throws {
            for _ in 0..<500 where count < expected { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    static let record = TrainingRecord.comparison(CompletedComparison(
        note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(12), isCorrect: true,
        timestamp: Date(timeIntervalSince1970: 1_800_000_000)))

    final class Directory: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-spaces-\(UUID().uuidString)")
        var files: ClassFiles { ClassFiles(besidePersonalDatabase: url.appendingPathComponent("peach.sqlite").path) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    let directory = Directory()
    let opening = Opening()

    func spaces(_ accounts: SQLiteAccountStore) -> UserSpaces {
        UserSpaces(accounts: accounts, stores: { [opening] user, known throws(DataStoreError) in
            await opening.pass()
            let database = try await accounts.database(of: user, revision: known)
            return (SQLiteTrainingDataStore(database: database), SQLiteSettingsStore(database: database), TrainingDataTransfer(database: database))
        }, environment: .unimplemented, logger: Logger(label: "test"))
    }

    @Test func requestsArrivingTogetherShareOneBuild() async throws {
        let accounts = try SQLiteAccountStore(files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(try await accounts.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let spaces = spaces(accounts)
        let requests = (0..<10).map { _ in Task { try await spaces.space(of: ann.id) } }
        try await opening.waitForCount(1)
        // Give the other nine time to arrive while the first build waits.
        try await Task.sleep(for: .milliseconds(200))
        await opening.release()
        for request in requests { #expect(try await request.value.revision.isCurrent(0)) }
        #expect(await opening.count == 1)
    }

    @Test func aRequestThatReadANewerRevisionDoesNotTakeAnOlderBuild() async throws {
        let accounts = try SQLiteAccountStore(files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(try await accounts.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let spaces = spaces(accounts)
        let first = Task { try await spaces.space(of: ann.id) }
        try await opening.waitForCount(1)
        // Another view (as another instance would) stores an answer while the first build waits.
        try await SQLiteTrainingDataStore(database: try await accounts.database(of: ann.id, revision: KnownRevision(0)))
            .save(Self.record)
        let newer = try await accounts.revision(of: ann.id)
        #expect(newer > 0)
        let second = Task { try await spaces.space(of: ann.id) }
        try await opening.waitForCount(2)
        await opening.release()
        #expect(try await first.value.revision.isCurrent(0))
        let space = try await second.value
        #expect(space.revision.isCurrent(newer))
        #expect(try await space.services.store.recordCount() == 1)
        #expect(await opening.count == 2)
    }

    /// The class view after a restart shows what a fit of each student's records from scratch
    /// shows, after answers, an import and a reset made before the restart; with nothing changed
    /// it opens no student's records at all.
    @Test func aClassViewAfterARestartMatchesEachStudentsRecords() async throws {
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        var accounts = try SQLiteAccountStore(files: directory.files, now: clock)
        var students: [Account] = []
        for name in ["ann", "bob", "cy"] {
            students.append(try #require(try await accounts.createAccount(AccountName(name)!, passwordHash: "h", isTeacher: false)))
        }
        func records(_ student: Account, _ accounts: SQLiteAccountStore) async throws -> SQLiteTrainingDataStore {
            SQLiteTrainingDataStore(database: try await accounts.database(of: student.id, revision: nil))
        }
        func answer(_ student: Account, _ count: Int, from start: Int, _ accounts: SQLiteAccountStore) async throws {
            let store = try await records(student, accounts)
            for index in start..<(start + count) {
                try await store.save(.comparison(CompletedComparison(
                    note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents([2.0, 5, 10, 20, 40][index % 5]),
                    isCorrect: index % 5 > 1 || index % 3 == 0, timestamp: clock().addingTimeInterval(Double(index)))))
            }
        }
        func fromScratch(_ accounts: SQLiteAccountStore) async throws -> [StudentFigures] {
            var figures: [StudentFigures] = []
            for student in students { figures.append(try await StudentFigures(store: try await records(student, accounts))) }
            return figures
        }
        for student in students { try await answer(student, 120, from: 0, accounts) }
        await opening.release()
        #expect(try await spaces(accounts).summaries(of: students).map(\.figures) == (try await fromScratch(accounts)))
        #expect(await opening.count == 3)

        // After the restart: more answers (ann), an import (bob), a reset (cy).
        accounts = try SQLiteAccountStore(files: directory.files, now: clock)
        try await answer(students[0], 60, from: 500, accounts)
        let exported = directory.url.appendingPathComponent("ann.csv").path
        _ = try await TrainingDataTransfer(database: try await accounts.database(of: students[0].id, revision: nil)).exportCSV(to: exported)
        _ = try await TrainingDataTransfer(database: try await accounts.database(of: students[1].id, revision: nil))
            .importRecords(try TrainingDataParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: exported)))), mode: .merge)
        try await records(students[2], accounts).deleteAll()
        accounts = try SQLiteAccountStore(files: directory.files, now: clock)
        let expected = try await fromScratch(accounts)
        #expect(expected.map(\.trials) == [180, 180, 0], "bob merged ann's 60 newer answers")
        #expect(try await spaces(accounts).summaries(of: students).map(\.figures) == expected)
        #expect(await opening.count == 6)

        accounts = try SQLiteAccountStore(files: directory.files, now: clock)
        #expect(try await spaces(accounts).summaries(of: students).map(\.figures) == expected)
        #expect(await opening.count == 6, "kept figures read, no records")
    }

    /// After an upgrade or a bulk load no figures are kept: started with the server, the
    /// preparation fits every student once (no teacher), so the teacher's first view reads kept
    /// figures only.
    @Test func preparedClassViewsOpenNoStudentsRecordsOnTheFirstView() async throws {
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        var accounts = try SQLiteAccountStore(files: directory.files, now: clock)
        _ = try #require(try await accounts.createAccount(AccountName("tess")!, passwordHash: "h", isTeacher: true))
        var students: [Account] = []
        for name in ["ann", "bob", "cy"] {
            let student = try #require(try await accounts.createAccount(AccountName(name)!, passwordHash: "h", isTeacher: false))
            try await SQLiteTrainingDataStore(database: try await accounts.database(of: student.id, revision: nil)).save(Self.record)
            students.append(student)
        }
        await opening.release()
        #expect(try await spaces(accounts).prepareClassViews() == 3)
        #expect(await opening.count == 3, "each student's records read once, the teacher's not at all")

        accounts = try SQLiteAccountStore(files: directory.files, now: clock)
        let summaries = try await spaces(accounts).summaries(of: students)
        #expect(summaries.map(\.figures.trials) == [1, 1, 1])
        #expect(await opening.count == 3, "the first view after the preparation reads kept figures only")
        #expect(try await spaces(accounts).prepareClassViews() == 0, "nothing changed, nothing fitted")
    }

    /// A teacher's view that arrives while the preparation fits the class shares its fits.
    @Test func aViewDuringThePreparationFitsNoStudentTwice() async throws {
        let accounts = try SQLiteAccountStore(files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        var students: [Account] = []
        for name in ["ann", "bob", "cy"] {
            let student = try #require(try await accounts.createAccount(AccountName(name)!, passwordHash: "h", isTeacher: false))
            try await SQLiteTrainingDataStore(database: try await accounts.database(of: student.id, revision: nil)).save(Self.record)
            students.append(student)
        }
        let spaces = spaces(accounts)
        let preparing = Task { try await spaces.prepareClassViews() }
        try await opening.waitForCount(3)
        let viewing = Task { try await spaces.summaries(of: students) }
        // Give the view time to ask for the fits the preparation holds.
        try await Task.sleep(for: .milliseconds(200))
        await opening.release()
        #expect(try await viewing.value.map(\.figures.trials) == [1, 1, 1])
        #expect(try await preparing.value == 3)
        #expect(await opening.count == 3)
    }
}
