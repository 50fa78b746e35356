import Foundation
import Testing

@testable import PeachCore
@testable import PeachPostgres
@testable import PeachServices
@testable import PeachStore

/// One contract for the account and class stores of both class servers: PostgreSQL and the SQLite
/// class files must sign people up, keep sessions, count failed sign-ins, run classes and delete an
/// account with everything it owns alike.
struct AccountStoreContractTests {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
    }

    typealias Store = AccountStore & ClassroomStore

    /// Keeps the SQLite class directory alive for the test's duration.
    final class Harness: Sendable {
        let store: any Store
        let directory: URL?
        /// A user's records and their CSV transfer, as a server or a command with `--user` opens them.
        let records:
            @Sendable (UserID) async throws -> (store: any TrainingDataStore, transfer: any TrainingDataTransferring)
        /// The same database opened anew, as after a restart.
        let reopened: @Sendable () async throws -> Harness

        private init(
            store: any Store, directory: URL?,
            records:
                @escaping @Sendable (UserID) async throws -> (
                    store: any TrainingDataStore, transfer: any TrainingDataTransferring
                ),
            reopened: @escaping @Sendable () async throws -> Harness
        ) {
            self.store = store
            self.directory = directory
            self.records = records
            self.reopened = reopened
        }

        static func make(_ backend: Backend) async throws -> Harness {
            switch backend {
            case .postgres: return try await postgres(try await TestPostgres.freshDatabase())
            case .sqlite:
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "peach-accounts-\(UUID().uuidString)")
                return try sqlite(
                    ClassFiles(besidePersonalDatabase: directory.appendingPathComponent("peach.sqlite").path),
                    removing: directory)
            }
        }

        private static func postgres(_ location: PostgresLocation) async throws -> Harness {
            let database = try await PostgresPeachDatabase.open(location)
            return Harness(
                store: PostgresAccountStore(database: database, now: { AccountStoreContractTests.now }), directory: nil,
                records: { user in
                    let store = PostgresTrainingDataStore(database: database, user: user)
                    return (store, PostgresTrainingDataTransfer(store: store))
                },
                reopened: { try await postgres(location) })
        }

        private static func sqlite(_ files: ClassFiles, removing directory: URL?) throws -> Harness {
            let store = try SQLiteAccountStore(files: files, now: { AccountStoreContractTests.now })
            return Harness(
                store: store, directory: directory,
                records: { user in
                    let database = try await store.database(of: user, revision: nil)
                    return (SQLiteTrainingDataStore(database: database), TrainingDataTransfer(database: database))
                },
                reopened: { try sqlite(files, removing: nil) })
        }

        deinit { if let directory { try? FileManager.default.removeItem(at: directory) } }
    }

    /// The stores' clock: far from the real one, so a store that read the real clock is caught.
    static let now = Date(timeIntervalSince1970: 1_900_000_000)
    static let ann = AccountName("ann")!
    static let tess = AccountName("tess")!
    static let code = InvitationCode("ABCD-2345")!

    @Test(arguments: Backend.allCases)
    func aNameIsTakenOnceAndAccountsAreFoundByNameAndID(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let ann = try #require(try await store.createAccount(Self.ann, passwordHash: "hash-a", isTeacher: false))
        #expect(try await store.createAccount(Self.ann, passwordHash: "other", isTeacher: true) == nil)
        let tess = try #require(try await store.createAccount(Self.tess, passwordHash: "hash-t", isTeacher: true))
        #expect(ann.id != tess.id && ann.id != .personal && tess.isTeacher)
        #expect(try await store.account(named: Self.ann)?.account == ann)
        #expect(try await store.account(named: Self.ann)?.passwordHash == "hash-a")
        #expect(try await store.account(tess.id)?.account == tess)
        #expect(try await store.account(named: AccountName("nobody")!) == nil)
        #expect(try await store.accounts() == [ann, tess])
    }

    @Test(arguments: Backend.allCases)
    func aStudentSignsUpIntoAClassOrNotAtAll(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let tess = try #require(try await store.createAccount(Self.tess, passwordHash: "t", isTeacher: true))
        #expect(try await store.createStudent(Self.ann, passwordHash: "a", joining: Self.code) == .unknownInvitation)
        #expect(try await store.account(named: Self.ann) == nil, "nothing written for an unknown code")
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: Self.code)
        guard case .created(let ann) = try await store.createStudent(Self.ann, passwordHash: "a", joining: Self.code)
        else {
            Issue.record("ann was not created")
            return
        }
        #expect(try await store.createStudent(Self.tess, passwordHash: "b", joining: Self.code) == .nameTaken)
        #expect(try await store.students(of: choir.id) == [ann])
        #expect(try await store.classrooms(of: ann.id).map(\.id) == [choir.id])
        #expect(try await store.classroom(choir.id, taughtBy: tess.id)?.studentCount == 1)
    }

    @Test(arguments: Backend.allCases)
    func aRosterMakesEveryStudentOfTheClassOrNoneWhenANameIsTaken(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let tess = try #require(try await store.createAccount(Self.tess, passwordHash: "t", isTeacher: true))
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: Self.code)
        let bob = AccountName("bob")!
        await #expect(throws: DataStoreError.saveFailed("the name 'tess' is taken")) {
            try await store.createStudents([(Self.ann, "a"), (Self.tess, "b"), (bob, "c")], in: choir.id)
        }
        #expect(try await store.account(named: Self.ann) == nil, "the rows before the taken name are rolled back")
        #expect(try await store.account(named: bob) == nil)
        #expect(try await store.students(of: choir.id).isEmpty)
        let made = try await store.createStudents([(Self.ann, "a"), (bob, "c")], in: choir.id)
        #expect(made.map(\.name) == [Self.ann, bob] && made.allSatisfy { !$0.isTeacher })
        #expect(try await store.students(of: choir.id) == made)
        #expect(try await store.account(named: bob)?.passwordHash == "c")
    }

    /// A class list's student signs in with a password someone else knows: they must change it, and
    /// every read of the account says so until they have; a rehash of it (a sign-in) does not count.
    @Test(arguments: Backend.allCases)
    func aRosterStudentMustChangeTheHandedOutPasswordUntilTheyDo(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let store = harness.store
        let tess = try #require(try await store.createAccount(Self.tess, passwordHash: "t", isTeacher: true))
        #expect(!tess.mustChangePassword)
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: Self.code)
        let ann = try #require(try await store.createStudents([(Self.ann, "handed")], in: choir.id).first)
        #expect(ann.mustChangePassword)
        let session = Data([1, 2, 3])
        try await store.createSession(tokenHash: session, of: ann.id, expires: Self.now.addingTimeInterval(3600))
        #expect(try await store.account(session: session, now: Self.now)?.mustChangePassword == true)
        #expect(try await store.account(named: Self.ann)?.account == ann)
        #expect(try await store.account(ann.id)?.account == ann)
        #expect(try await store.students(of: choir.id) == [ann])
        #expect(try await store.accounts() == [ann, tess])
        try await store.replacePasswordHash("handed", with: "handed-rehashed", of: ann.id)
        #expect(try await harness.reopened().store.account(session: session, now: Self.now) == ann)

        try await store.setPasswordHash("chosen", of: ann.id, keeping: session)
        let chosen = Account(id: ann.id, name: Self.ann, isTeacher: false)
        #expect(try await store.account(session: session, now: Self.now) == chosen)
        #expect(try await harness.reopened().store.students(of: choir.id) == [chosen])
        #expect(try await store.account(named: Self.ann)?.passwordHash == "chosen")
    }

    /// A class list's invitation link sets its student's password once, before it expires; a list
    /// with a name taken makes no account and no link.
    @Test(arguments: Backend.allCases)
    func anInvitationLinkSetsItsStudentsPasswordOnceBeforeItExpires(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let tess = try #require(try await store.createAccount(Self.tess, passwordHash: "t", isTeacher: true))
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: Self.code)
        let bob = AccountName("bob")!
        let (annLink, bobLink) = (Data([1, 1]), Data([2, 2]))
        let made = try await store.createInvitedStudents(
            [(Self.ann, annLink), (bob, bobLink)], passwordHash: "nobody-knows", in: choir.id,
            expires: Self.now.addingTimeInterval(3600))
        #expect(made.map(\.name) == [Self.ann, bob] && made.allSatisfy(\.mustChangePassword))
        #expect(try await store.students(of: choir.id) == made)
        let expires = Self.now.addingTimeInterval(3600)
        #expect(try await store.unusedInvitations(of: made.map(\.id)) == [made[0].id: expires, made[1].id: expires])
        #expect(try await store.unusedInvitations(of: [tess.id]).isEmpty)
        #expect(try await store.acceptInvitation(tokenHash: Data([9]), passwordHash: "x", now: Self.now) == .unknown)
        #expect(
            try await store.acceptInvitation(
                tokenHash: bobLink, passwordHash: "x", now: Self.now.addingTimeInterval(3600)) == .expired)
        #expect(try await store.account(named: bob)?.passwordHash == "nobody-knows")

        #expect(try await store.invitation(tokenHash: annLink, now: Self.now) == .open(made[0]))
        #expect(try await store.invitation(tokenHash: bobLink, now: Self.now.addingTimeInterval(3600)) == .expired)
        #expect(try await store.invitation(tokenHash: Data([9]), now: Self.now) == .unknown)
        let ann = Account(id: made[0].id, name: Self.ann, isTeacher: false)
        #expect(
            try await store.acceptInvitation(tokenHash: annLink, passwordHash: "chosen", now: Self.now)
                == .open(ann))
        #expect(try await store.account(named: Self.ann)?.passwordHash == "chosen")
        #expect(try await store.acceptInvitation(tokenHash: annLink, passwordHash: "again", now: Self.now) == .used)
        #expect(try await store.invitation(tokenHash: annLink, now: Self.now) == .used)
        // An expired link is still unused: its student has no password of their own.
        #expect(try await store.unusedInvitations(of: made.map(\.id)) == [made[1].id: expires])
        // A password set otherwise (an administrator's reset) uses bob's link up.
        try await store.setPasswordHash("reset", of: made[1].id, keeping: nil)
        #expect(try await store.invitation(tokenHash: bobLink, now: Self.now) == .used)
        #expect(try await store.unusedInvitations(of: made.map(\.id)).isEmpty)
        #expect(try await store.account(named: Self.ann)?.passwordHash == "chosen")

        let cid = AccountName("cid")!
        await #expect(throws: DataStoreError.saveFailed("the name 'bob' is taken")) {
            try await store.createInvitedStudents(
                [(cid, Data([3, 3])), (bob, Data([4, 4]))], passwordHash: "n", in: choir.id,
                expires: Self.now.addingTimeInterval(3600))
        }
        #expect(try await store.account(named: cid) == nil)
        #expect(
            try await store.acceptInvitation(tokenHash: Data([3, 3]), passwordHash: "x", now: Self.now) == .unknown)
    }

    @Test(arguments: Backend.allCases)
    func sessionsExpireAndAPasswordChangeEndsAllButTheKeptOne(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let ann = try #require(try await store.createAccount(Self.ann, passwordHash: "a", isTeacher: false))
        let now = Self.now
        let (kept, other, stale) = (Data([1, 2, 3]), Data([4, 5, 6]), Data([7, 8, 9]))
        try await store.createSession(tokenHash: kept, of: ann.id, expires: now.addingTimeInterval(3600))
        try await store.createSession(tokenHash: other, of: ann.id, expires: now.addingTimeInterval(3600))
        try await store.createSession(tokenHash: stale, of: ann.id, expires: now.addingTimeInterval(-1))
        #expect(try await store.account(session: kept, now: now) == ann)
        #expect(try await store.account(session: stale, now: now) == nil)
        #expect(try await store.account(session: Data([0]), now: now) == nil)
        try await store.setPasswordHash("new", of: ann.id, keeping: kept)
        #expect(try await store.account(named: Self.ann)?.passwordHash == "new")
        #expect(try await store.account(session: kept, now: now) == ann)
        #expect(try await store.account(session: other, now: now) == nil)
        try await store.deleteSession(tokenHash: kept)
        #expect(try await store.account(session: kept, now: now) == nil)
    }

    @Test(arguments: Backend.allCases)
    func aRehashedPasswordKeepsTheSessionsAndNeverUndoesAChange(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let ann = try #require(
            try await store.createAccount(Self.ann, passwordHash: "bcrypt-of-password", isTeacher: false))
        let session = Data([1, 2, 3])
        try await store.createSession(tokenHash: session, of: ann.id, expires: Self.now.addingTimeInterval(60))
        try await store.replacePasswordHash("bcrypt-of-password", with: "sha256:bcrypt", of: ann.id)
        #expect(try await store.account(named: Self.ann)?.passwordHash == "sha256:bcrypt")
        #expect(try await store.account(session: session, now: Self.now) == ann)
        // The password was changed after the old hash was read: the late rehash leaves the new one.
        try await store.setPasswordHash("changed", of: ann.id, keeping: session)
        try await store.replacePasswordHash("sha256:bcrypt", with: "late", of: ann.id)
        #expect(try await store.account(named: Self.ann)?.passwordHash == "changed")
    }

    @Test(arguments: Backend.allCases)
    func failedSignInsAreCountedByNameAtAddressAndByAddressWithinTheWindow(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        try await store.recordFailedSignIn(name: "ann", address: "10.0.0.1", at: now.addingTimeInterval(-7200))
        try await store.recordFailedSignIn(name: "ann", address: "10.0.0.1", at: now.addingTimeInterval(-60))
        try await store.recordFailedSignIn(name: "ann", address: "10.0.0.2", at: now.addingTimeInterval(-30))
        try await store.recordFailedSignIn(name: "bob", address: "10.0.0.1", at: now.addingTimeInterval(-10))
        let counted = try await store.failedSignIns(
            name: "ann", address: "10.0.0.1", since: now.addingTimeInterval(-3600))
        #expect(counted.accountAtAddress == SignInThrottle.Failures(count: 1, latest: now.addingTimeInterval(-60)))
        #expect(counted.address == SignInThrottle.Failures(count: 2, latest: now.addingTimeInterval(-10)))
        // Ann's failures from another address do not count against her here.
        let elsewhere = try await store.failedSignIns(
            name: "ann", address: "10.0.0.9", since: now.addingTimeInterval(-3600))
        #expect(elsewhere.accountAtAddress == SignInThrottle.Failures(count: 0, latest: nil))
        try await store.clearFailedSignIns(name: "ann", address: "10.0.0.1")
        let cleared = try await store.failedSignIns(
            name: "ann", address: "10.0.0.1", since: now.addingTimeInterval(-3600))
        #expect(cleared.accountAtAddress == SignInThrottle.Failures(count: 0, latest: nil))
        // Only that pair is forgiven: the address still owes its try at bob, ann's other address its own.
        #expect(cleared.address == SignInThrottle.Failures(count: 1, latest: now.addingTimeInterval(-10)))
        let other = try await store.failedSignIns(
            name: "ann", address: "10.0.0.2", since: now.addingTimeInterval(-3600))
        #expect(other.accountAtAddress == SignInThrottle.Failures(count: 1, latest: now.addingTimeInterval(-30)))
    }

    @Test(arguments: Backend.allCases)
    func aClassIsItsTeachersAndStudentsJoinOnceAndLeave(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let tess = try #require(try await store.createAccount(Self.tess, passwordHash: "t", isTeacher: true))
        let tom = try #require(try await store.createAccount(AccountName("tom")!, passwordHash: "t", isTeacher: true))
        let ann = try #require(try await store.createAccount(Self.ann, passwordHash: "a", isTeacher: false))
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: Self.code)
        let band = try await store.createClassroom(
            named: "Band", teacher: tom.id, invitation: InvitationCode("WXYZ-6789")!)
        #expect(choir.teacher == tess && choir.invitation == Self.code && choir.studentCount == 0)
        #expect(try await store.classrooms(taughtBy: tess.id).map(\.id) == [choir.id])
        #expect(
            try await store.classroom(choir.id, taughtBy: tom.id) == nil, "another teacher's class is not there for him"
        )
        #expect(try await store.join(ann.id, invitation: InvitationCode("ZZZZ-ZZZZ")!) == nil)
        #expect(try await store.join(ann.id, invitation: Self.code)?.id == choir.id)
        #expect(try await store.join(ann.id, invitation: Self.code)?.studentCount == 1, "joining twice is once")
        _ = try await store.join(ann.id, invitation: band.invitation)
        #expect(try await store.classrooms(of: ann.id).map(\.name) == ["Band", "Choir"])
        #expect(try await store.leave(ann.id, classroom: choir.id))
        #expect(try await !store.leave(ann.id, classroom: choir.id))
        #expect(try await store.students(of: choir.id).isEmpty)
        #expect(try await store.students(of: band.id) == [ann])
    }

    @Test(arguments: Backend.allCases)
    func aNewSessionClearsTheAccountsSessionsExpiredByTheStoresClock(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let ann = try #require(try await store.createAccount(Self.ann, passwordHash: "a", isTeacher: false))
        let (stale, fresh) = (Data([7, 8, 9]), Data([1, 2, 3]))
        try await store.createSession(tokenHash: stale, of: ann.id, expires: Self.now.addingTimeInterval(-1))
        try await store.createSession(tokenHash: fresh, of: ann.id, expires: Self.now.addingTimeInterval(3600))
        // Asked as of an hour earlier, the stale session would still be valid had it been kept.
        #expect(try await store.account(session: stale, now: Self.now.addingTimeInterval(-3600)) == nil)
        #expect(try await store.account(session: fresh, now: Self.now) == ann)
    }

    @Test(arguments: Backend.allCases)
    func deletingATeacherDeletesTheirSessionsClassesAndMemberships(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let tess = try #require(try await store.createAccount(Self.tess, passwordHash: "t", isTeacher: true))
        let ann = try #require(try await store.createAccount(Self.ann, passwordHash: "a", isTeacher: false))
        let choir = try await store.createClassroom(named: "Choir", teacher: tess.id, invitation: Self.code)
        _ = try await store.join(ann.id, invitation: Self.code)
        try await store.createSession(tokenHash: Data([1]), of: tess.id, expires: Self.now.addingTimeInterval(3600))
        #expect(try await store.deleteAccount(tess.id))
        #expect(try await !store.deleteAccount(tess.id))
        #expect(try await !store.deleteAccount(.personal))
        #expect(try await store.account(session: Data([1]), now: Self.now) == nil)
        #expect(try await store.classrooms(of: ann.id).isEmpty)
        #expect(try await store.students(of: choir.id).isEmpty)
        #expect(try await store.accounts() == [ann])
        // The code is free again, and the name.
        #expect(try await store.createAccount(Self.tess, passwordHash: "t", isTeacher: true).map(\.id) != tess.id)
        #expect(try await store.join(ann.id, invitation: Self.code) == nil)
    }

    @Test(arguments: Backend.allCases)
    func revisionsAreReadForExistingAccountsOnly(backend: Backend) async throws {
        let store = try await Harness.make(backend).store
        let ann = try #require(try await store.createAccount(Self.ann, passwordHash: "a", isTeacher: false))
        let revisions = try await store.revisions(of: [ann.id, UserID(rawValue: 999)])
        #expect(revisions == [ann.id: try await store.revision(of: ann.id)])
    }

    static func comparison(_ offset: Double, correct: Bool, at seconds: Double) -> TrainingRecord {
        .comparison(
            CompletedComparison(
                note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset), isCorrect: correct,
                timestamp: Date(timeIntervalSince1970: 1_800_000_000 + seconds)))
    }

    /// Figures kept for a class view are read back after a restart while the student's records are
    /// unchanged, and are gone once they change: by an answer, an import or a reset, whichever
    /// store instance made it. Figures read before a change are never kept.
    @Test(arguments: Backend.allCases)
    func keptFiguresAreGoneOnceTheStudentsRecordsChange(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let store = harness.store
        var students: [UserID] = []
        for name in ["ann", "bob", "cy", "dee"] {
            students.append(
                try #require(try await store.createAccount(AccountName(name)!, passwordHash: "h", isTeacher: false)).id)
        }
        for (index, student) in students.enumerated() {
            try await harness.records(student).store.save(
                Self.comparison(Double(index + 5), correct: true, at: Double(index)))
        }
        func readings(_ harness: Harness) async throws -> [StudentFiguresReading] {
            let revisions = try await harness.store.revisions(of: students)
            var readings: [StudentFiguresReading] = []
            for student in students {
                let figures = try await StudentFigures(store: try await harness.records(student).store)
                readings.append(
                    StudentFiguresReading(student: student, revision: revisions[student]!, figures: figures))
            }
            return readings
        }
        let read = try await readings(harness)
        try await store.keep(read)
        let restarted = try await harness.reopened()
        let expected = Dictionary(uniqueKeysWithValues: read.map { ($0.student, $0.figures) })
        #expect(try await restarted.store.keptFigures(of: students) == expected)
        #expect(expected[students[0]]?.trials == 1)

        let (ann, bob, cy, dee) = (students[0], students[1], students[2], students[3])
        try await restarted.records(ann).store.save(Self.comparison(7, correct: false, at: 100))
        let bobs = try await restarted.records(bob).transfer
        let exported = FileManager.default.temporaryDirectory.appendingPathComponent(
            "peach-kept-\(UUID().uuidString).csv"
        ).path
        defer { try? FileManager.default.removeItem(atPath: exported) }
        _ = try await restarted.records(ann).transfer.exportCSV(to: exported)
        _ = try await bobs.importRecords(
            try TrainingDataParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: exported)))), mode: .merge)
        try await restarted.records(cy).store.deleteAll()
        #expect(try await restarted.store.keptFigures(of: students) == [dee: expected[dee]!])
        #expect(try await harness.reopened().store.keptFigures(of: students) == [dee: expected[dee]!])

        // Read before dee's answer, kept after it: refused.
        let stale = try await readings(restarted).filter { $0.student == dee }
        try await restarted.records(dee).store.save(Self.comparison(9, correct: true, at: 200))
        try await restarted.store.keep(stale)
        #expect(try await restarted.store.keptFigures(of: [dee]).isEmpty)
        let fresh = try await readings(restarted)
        try await restarted.store.keep(fresh)
        #expect(
            try await restarted.store.keptFigures(of: students)
                == Dictionary(uniqueKeysWithValues: fresh.map { ($0.student, $0.figures) }))
        #expect(fresh.first { $0.student == bob }?.figures.trials == 3)
        #expect(fresh.first { $0.student == cy }?.figures.trials == 0)
    }

    /// On PostgreSQL, which several instances share, a student held by one store for a fit is left
    /// out of another's hold until the first lets go; SQLite's class files, which one server opens,
    /// hold nothing against anyone.
    @Test(arguments: Backend.allCases)
    func aStudentIsHeldForOneFitAtATime(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let other = try await harness.reopened()
        var created: [UserID] = []
        for name in ["ann", "bob"] {
            created.append(
                try #require(
                    try await harness.store.createAccount(AccountName(name)!, passwordHash: "h", isTeacher: false)
                ).id)
        }
        let students = created
        let (held, heldMeanwhile) = try await harness.store.fittingExclusively([students[0]]) { held in
            (held, try? await other.store.fittingExclusively(students) { $0 })
        }
        #expect(held == [students[0]])
        #expect(harness.store.isSharedByProcesses == (backend == .postgres))
        #expect(heldMeanwhile == (backend == .postgres ? [students[1]] : students))
        #expect(
            try await other.store.fittingExclusively(students) { $0 } == students, "let go once the first hold returned"
        )
    }
}
