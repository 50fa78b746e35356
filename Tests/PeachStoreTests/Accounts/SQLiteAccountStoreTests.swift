import Foundation
import Testing

@testable import PeachCore
@testable import PeachStore

/// What the SQLite class files add to the account contract: each user's own database, their
/// revision moved by its commits, and an account's database gone with the account.
struct SQLiteAccountStoreTests {
    static let record = TrainingRecord.comparison(
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(12), isCorrect: true,
            timestamp: Date(timeIntervalSince1970: 1_800_000_000)))

    final class Directory: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-class-\(UUID().uuidString)")
        var files: ClassFiles { ClassFiles(besidePersonalDatabase: url.appendingPathComponent("peach.sqlite").path) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func eachCommitThatChangesAUsersDatabaseMovesTheirRevisionAndTellsTheView() async throws {
        let directory = Directory()
        let accounts = try SQLiteAccountStore(
            files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(
            try await accounts.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let bob = try #require(
            try await accounts.createAccount(AccountName("bob")!, passwordHash: "b", isTeacher: false))
        let known = KnownRevision(try await accounts.revision(of: ann.id))
        let database = try await accounts.database(of: ann.id, revision: known)
        let store = SQLiteTrainingDataStore(database: database)
        try await store.save(Self.record)
        try await SQLiteSettingsStore(database: database).save(.default)
        _ = try await store.records(nil, limit: 10)
        #expect(try await accounts.revision(of: ann.id) == 2, "two writes; a read moves nothing")
        #expect(known.isCurrent(2))
        // A reset deletes every row at once (SQLite's truncation would skip the change hooks).
        try await store.deleteAll()
        #expect(try await accounts.revision(of: ann.id) == 3)
        #expect(try await accounts.revision(of: bob.id) == 0)
        #expect(try await accounts.revisions(of: [ann.id, bob.id]) == [ann.id: 3, bob.id: 0])
        // A write through another view of the same user leaves this one behind.
        try await SQLiteTrainingDataStore(database: try await accounts.database(of: ann.id, revision: KnownRevision(3)))
            .save(Self.record)
        #expect(try await accounts.revision(of: ann.id) == 4)
        #expect(!known.isCurrent(4))
    }

    @Test func eachUserHasADatabaseOfTheirOwnAndLosesItWithTheAccount() async throws {
        let directory = Directory()
        let accounts = try SQLiteAccountStore(
            files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(
            try await accounts.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let bob = try #require(
            try await accounts.createAccount(AccountName("bob")!, passwordHash: "b", isTeacher: false))
        try await SQLiteTrainingDataStore(database: try await accounts.database(of: ann.id, revision: nil)).save(
            Self.record)
        #expect(
            try await SQLiteTrainingDataStore(database: try await accounts.database(of: bob.id, revision: nil))
                .recordCount() == 0)
        #expect(
            try await SQLiteTrainingDataStore(database: try await accounts.database(of: ann.id, revision: nil))
                .recordCount() == 1)
        #expect(FileManager.default.fileExists(atPath: directory.files.databasePath(of: ann.id)))
        #expect(try await accounts.deleteAccount(ann.id))
        #expect(!FileManager.default.fileExists(atPath: directory.files.databasePath(of: ann.id)))
        #expect(FileManager.default.fileExists(atPath: directory.files.databasePath(of: bob.id)))
    }

    @Test func aDatabaseLeftByACrashAfterItsAccountWasDeletedGoesWhenTheStoreOpens() async throws {
        let directory = Directory()
        let accounts = try SQLiteAccountStore(
            files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(
            try await accounts.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        try await SQLiteTrainingDataStore(database: try await accounts.database(of: ann.id, revision: nil)).save(
            Self.record)
        // As if the process died between the account's transaction and the removal of its files.
        let orphan = UserID(rawValue: 41)
        try await SQLiteTrainingDataStore(database: try await accounts.database(of: orphan, revision: nil)).save(
            Self.record)
        _ = try SQLiteAccountStore(files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        #expect(!FileManager.default.fileExists(atPath: directory.files.databasePath(of: orphan)))
        #expect(FileManager.default.fileExists(atPath: directory.files.databasePath(of: ann.id)))
        // Ids are never handed out again, so no new account finds a deleted one's data.
        #expect(try await accounts.deleteAccount(ann.id))
        let next = try #require(
            try await accounts.createAccount(AccountName("cid")!, passwordHash: "c", isTeacher: false))
        #expect(next.id.rawValue > ann.id.rawValue)
    }

    /// Every released schema of `accounts.sqlite` (`Tests/Fixtures/schemas/accounts/`) opens with the
    /// current code and keeps its accounts, password hashes, sessions, sign-in failures and classes.
    @Test(arguments: [
        "v1-accounts", "v2-student-summary", "v3-assignments", "v4-must-change-password", "v5-invitations",
    ])
    func anAccountsFixtureOpensUpgradedWithEveryRowIntact(schema: String) async throws {
        let directory = Directory()
        try FileManager.default.createDirectory(at: directory.files.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: FixtureFiles.url("schemas/accounts/\(schema).sqlite"),
            to: URL(fileURLWithPath: directory.files.accountsPath))
        let accounts = try SQLiteAccountStore(
            files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        #expect(
            try await accounts.writer.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
                == SQLiteAccountStore.migrator.migrations)
        let tess = try #require(try await accounts.account(named: AccountName("tess")!))
        let ann = try #require(try await accounts.account(named: AccountName("ann")!))
        #expect(tess.account.isTeacher && !ann.account.isTeacher)
        // Nobody handed out a password Peach knew of before it could ask for a change.
        #expect(!tess.account.mustChangePassword && !ann.account.mustChangePassword)
        // From v4 on: a class list's student who has not chosen a password yet still must.
        let listed = ["v4-must-change-password", "v5-invitations"].contains(schema)
        #expect(
            try await accounts.account(named: AccountName("cid")!)?.account.mustChangePassword == (listed ? true : nil))
        // From v5 on: cid's invitation link, not yet used.
        if schema == "v5-invitations" {
            let state = try await accounts.invitation(
                tokenHash: Data(repeating: 0x11, count: 32), now: Date(timeIntervalSince1970: 1_800_000_000))
            #expect(state == .open(try #require(try await accounts.account(named: AccountName("cid")!)?.account)))
        }
        #expect(ann.passwordHash == "$2b$12$fixtureStudentHashxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
        let token = Data((0..<32).map { UInt8(($0 % 16) * 17) })
        #expect(
            try await accounts.account(session: token, now: Date(timeIntervalSince1970: 1_800_000_000)) == ann.account)
        let failures = try await accounts.failedSignIns(
            name: "ann", address: "192.0.2.7", since: Date(timeIntervalSince1970: 0))
        #expect(failures.accountAtAddress.count == 1)
        let choir = try #require(try await accounts.classroom(1, taughtBy: tess.account.id))
        #expect(choir.name == "Choir" && choir.invitation.rawValue == "ABCD-2345")
        #expect(try await accounts.students(of: choir.id) == [ann.account])
        let hasAssignments = !["v1-accounts", "v2-student-summary"].contains(schema)
        #expect(try await accounts.assignments(of: choir.id).map(\.title) == (hasAssignments ? ["Week 3"] : []))
        // A task counted before the threshold fit was kept has its answers and no trials to fit.
        let counted = try await accounts.count(of: 1, for: ann.account.id)
        #expect(counted?.progress.answers == (hasAssignments ? 12 : nil) && counted?.goalTrials.trials.isEmpty != false)
        #expect(
            try await accounts.keptFigures(of: [ann.account.id]).isEmpty, "figures are derived: an upgrade keeps none")
        let figures = StudentFigures(
            threshold: nil, missingThreshold: .noAnswers, change: nil, trials: 0, lastActivity: nil,
            disciplines: DisciplineFigures.disciplines.map {
                DisciplineFigures(
                    discipline: $0, answers: 0, accuracy: nil, threshold: nil,
                    missingThreshold: $0.trainingKind.fitsThreshold ? .noAnswers : nil)
            })
        try await accounts.keep([StudentFiguresReading(student: ann.account.id, revision: 0, figures: figures)])
        #expect(try await accounts.keptFigures(of: [ann.account.id]) == [ann.account.id: figures])
    }
}
