import Foundation
import GRDB
import PeachCore

/// Accounts, sessions, failed sign-ins and classes of a class server on SQLite, in
/// `class/accounts.sqlite`; each user's records in their own database (`ClassFiles`). Deleting an
/// account deletes its row and, through the schema's cascades, its sessions, memberships and the
/// classes it teaches in one transaction; the user's database goes right after. A crash between
/// the two leaves a file no account reaches (ids are never handed out again), removed when the
/// store next opens.
public struct SQLiteAccountStore: AccountStore, ClassroomStore {
    let writer: DatabasePool
    public let files: ClassFiles
    let revisions: UserRevisions
    /// Stamps new accounts and tells which sessions have expired.
    let now: @Sendable () -> Date

    /// Opens (creating if needed) the accounts database of `files` and brings its schema up to date.
    public init(files: ClassFiles, now: @escaping @Sendable () -> Date) throws(DataStoreError) {
        self.files = files
        self.now = now
        do {
            try FileManager.default.createDirectory(at: files.directory, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            configuration.busyMode = .timeout(5)
            writer = try DatabasePool(path: files.accountsPath, configuration: configuration)
            try Self.migrator.migrate(writer)
            revisions = UserRevisions(
                kept: Set(
                    try writer.read { db in
                        try Int64.fetchAll(db, sql: "SELECT userID FROM studentSummary").map(UserID.init(rawValue:))
                    }))
            let accounts = Set(try writer.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM user") })
            for user in files.usersWithFiles() where !accounts.contains(user.rawValue) {
                try files.removeFiles(of: user)
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .openFailed(path: files.accountsPath, reason: String(describing: error))
        }
    }

    /// Every schema version of the accounts database. Never edit a registered migration; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts") { db in
            // AUTOINCREMENT: a deleted account's id, and so its directory, is never anyone else's.
            try db.execute(
                sql: """
                    CREATE TABLE user (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, passwordHash TEXT NOT NULL,
                        isTeacher BOOLEAN NOT NULL DEFAULT 0, createdAt DOUBLE NOT NULL);
                    CREATE TABLE session (
                        tokenHash BLOB PRIMARY KEY, userID INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
                        expiresAt DOUBLE NOT NULL);
                    CREATE INDEX session_user ON session (userID);
                    CREATE TABLE signInFailure (name TEXT NOT NULL, address TEXT NOT NULL, at DOUBLE NOT NULL);
                    CREATE INDEX signInFailure_name ON signInFailure (name, at);
                    CREATE INDEX signInFailure_address ON signInFailure (address, at);
                    CREATE TABLE classroom (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,
                        teacherID INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE, invitation TEXT NOT NULL UNIQUE);
                    CREATE INDEX classroom_teacher ON classroom (teacherID);
                    CREATE TABLE classroomMember (
                        classroomID INTEGER NOT NULL REFERENCES classroom (id) ON DELETE CASCADE,
                        userID INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
                        PRIMARY KEY (classroomID, userID));
                    CREATE INDEX classroomMember_user ON classroomMember (userID);
                    """)
        }
        migrator.registerMigration("v2-student-summary") { db in
            // A class view's row per student (`StudentFigures` as JSON), there only while it is
            // current: a commit to the student's database deletes it first (`RevisionObserver`).
            // Derived from their records, so an upgrade starts it empty.
            try db.execute(
                sql: """
                    CREATE TABLE studentSummary (
                        userID INTEGER PRIMARY KEY REFERENCES user (id) ON DELETE CASCADE, figures TEXT NOT NULL)
                    """)
        }
        migrator.registerMigration("v3-assignments") { db in
            // A task's progress is a row per student, moved by each answer given inside the task.
            try db.execute(
                sql: """
                    CREATE TABLE assignment (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        classroomID INTEGER NOT NULL REFERENCES classroom (id) ON DELETE CASCADE,
                        studentID INTEGER REFERENCES user (id) ON DELETE CASCADE,
                        title TEXT NOT NULL, startAt DOUBLE, dueAt DOUBLE NOT NULL, createdAt DOUBLE NOT NULL);
                    CREATE INDEX assignment_classroom ON assignment (classroomID, dueAt);
                    CREATE TABLE assignmentTask (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        assignmentID INTEGER NOT NULL REFERENCES assignment (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL, discipline TEXT NOT NULL, settings TEXT NOT NULL,
                        answers INTEGER, threshold DOUBLE);
                    CREATE INDEX assignmentTask_assignment ON assignmentTask (assignmentID, position);
                    CREATE TABLE taskProgress (
                        taskID INTEGER NOT NULL REFERENCES assignmentTask (id) ON DELETE CASCADE,
                        userID INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
                        answers INTEGER NOT NULL, lastActivity DOUBLE NOT NULL, reached DOUBLE, done BOOLEAN NOT NULL,
                        PRIMARY KEY (taskID, userID));
                    CREATE INDEX taskProgress_user ON taskProgress (userID);
                    """)
        }
        migrator.registerMigration("v4-must-change-password") { db in
            // Accounts from before were never handed a password Peach knew of: none must change theirs.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN mustChangePassword BOOLEAN NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v5-invitations") { db in
            // An invitation link's token (its SHA-256), kept once used so that a second try can say so.
            try db.execute(
                sql: """
                    CREATE TABLE invitation (
                        tokenHash BLOB PRIMARY KEY, userID INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
                        expiresAt DOUBLE NOT NULL, usedAt DOUBLE);
                    CREATE INDEX invitation_user ON invitation (userID);
                    """)
        }
        migrator.registerMigration("v6-task-goal-trials") { db in
            // A threshold goal is fitted to the task's own answers, kept with its progress. A task
            // counted before starts its fit at its next answer.
            try db.execute(sql: "ALTER TABLE taskProgress ADD COLUMN goalTrials BLOB")
        }
        return migrator
    }

    // MARK: A user's database

    /// The user's own database, opened (and created on first use). Each commit that changes it
    /// moves the user's revision on and forgets their kept figures first; with `revision`, it also
    /// tells `revision`, so that a cached view stays current through its own writes. Every writer
    /// of a user's database opens it here (the commands with `--user` too).
    /// Opened on a queue of its own: opening creates and migrates a new user's file, fsyncs
    /// included, which would hold up every request if it ran on Swift's few cooperative threads.
    public func database(of user: UserID, revision: KnownRevision?) async throws(DataStoreError) -> PeachDatabase {
        let (path, revisions, writer) = (files.databasePath(of: user), self.revisions, self.writer)
        let observer = RevisionObserver(user: user, revisions: revisions, known: revision) { user in
            try writer.write { db in
                try db.execute(sql: "DELETE FROM studentSummary WHERE userID = ?", arguments: [user.rawValue])
            }
        }
        let opened: Result<PeachDatabase, DataStoreError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Result { () throws(DataStoreError) in
                        try PeachDatabase(path: path, observer: observer)
                    })
            }
        }
        return try opened.get()
    }

    // MARK: Accounts

    public func createAccount(_ name: AccountName, passwordHash: String, isTeacher: Bool) async throws(DataStoreError)
        -> Account?
    {
        try await write { db in
            try Self.insertAccount(name, passwordHash: passwordHash, isTeacher: isTeacher, createdAt: now(), db)
        }
    }

    public func createStudent(_ name: AccountName, passwordHash: String, joining invitation: InvitationCode)
        async throws(DataStoreError) -> SignUpOutcome
    {
        try await write { db in
            guard
                let classroom = try Int64.fetchOne(
                    db, sql: "SELECT id FROM classroom WHERE invitation = ?", arguments: [invitation.rawValue])
            else { return .unknownInvitation }
            guard
                let account = try Self.insertAccount(
                    name, passwordHash: passwordHash, isTeacher: false, createdAt: now(), db)
            else { return .nameTaken }
            try db.execute(
                sql: "INSERT INTO classroomMember (classroomID, userID) VALUES (?, ?)",
                arguments: [classroom, account.id.rawValue])
            return .created(account)
        }
    }

    private static func insertAccount(
        _ name: AccountName, passwordHash: String, isTeacher: Bool, mustChangePassword: Bool = false,
        createdAt: Date, _ db: Database
    ) throws -> Account? {
        try db.execute(
            sql: """
                INSERT INTO user (name, passwordHash, isTeacher, mustChangePassword, createdAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (name) DO NOTHING
                """,
            arguments: [name.rawValue, passwordHash, isTeacher, mustChangePassword, createdAt.timeIntervalSince1970])
        guard db.changesCount == 1 else { return nil }
        return Account(
            id: UserID(rawValue: db.lastInsertedRowID), name: name, isTeacher: isTeacher,
            mustChangePassword: mustChangePassword)
    }

    public func account(named name: AccountName) async throws(DataStoreError) -> (
        account: Account, passwordHash: String
    )? {
        try await fetchAccount("WHERE name = ?", [name.rawValue])
    }

    public func account(_ id: UserID) async throws(DataStoreError) -> (account: Account, passwordHash: String)? {
        try await fetchAccount("WHERE id = ?", [id.rawValue])
    }

    public func accounts() async throws(DataStoreError) -> [Account] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, isTeacher, mustChangePassword FROM user ORDER BY name").map(
                Self.account)
        }
    }

    public func setPasswordHash(_ hash: String, of id: UserID, keeping session: Data?) async throws(DataStoreError) {
        let now = now()
        try await write { db in
            try db.execute(
                sql: "UPDATE user SET passwordHash = ?, mustChangePassword = 0 WHERE id = ?",
                arguments: [hash, id.rawValue])
            try db.execute(
                sql: "UPDATE invitation SET usedAt = ? WHERE userID = ? AND usedAt IS NULL",
                arguments: [now.timeIntervalSince1970, id.rawValue])
            try db.execute(
                sql: "DELETE FROM session WHERE userID = ? AND tokenHash <> ?",
                arguments: [id.rawValue, session ?? Data()])
        }
    }

    public func acceptInvitation(tokenHash: Data, passwordHash: String, now: Date) async throws(DataStoreError)
        -> InvitationState
    {
        try await write { db in
            let state = try Self.invitation(tokenHash, now: now, db)
            guard case .open(let account) = state else { return state }
            try db.execute(
                sql: "UPDATE invitation SET usedAt = ? WHERE tokenHash = ?",
                arguments: [now.timeIntervalSince1970, tokenHash])
            try db.execute(
                sql: "UPDATE user SET passwordHash = ?, mustChangePassword = 0 WHERE id = ?",
                arguments: [passwordHash, account.id.rawValue])
            return .open(Account(id: account.id, name: account.name, isTeacher: account.isTeacher))
        }
    }

    public func invitation(tokenHash: Data, now: Date) async throws(DataStoreError) -> InvitationState {
        try await read { db in try Self.invitation(tokenHash, now: now, db) }
    }

    private static func invitation(_ tokenHash: Data, now: Date, _ db: Database) throws -> InvitationState {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT u.id, u.name, u.isTeacher, u.mustChangePassword, i.expiresAt, i.usedAt
                    FROM invitation i JOIN user u ON u.id = i.userID WHERE i.tokenHash = ?
                    """, arguments: [tokenHash])
        else { return .unknown }
        let (expiresAt, usedAt): (Double, Double?) = (row[4], row[5])
        guard usedAt == nil else { return .used }
        guard expiresAt > now.timeIntervalSince1970 else { return .expired }
        return .open(try account(row))
    }

    public func replacePasswordHash(_ old: String, with new: String, of id: UserID) async throws(DataStoreError) {
        try await write { db in
            try db.execute(
                sql: "UPDATE user SET passwordHash = ? WHERE id = ? AND passwordHash = ?",
                arguments: [new, id.rawValue, old])
        }
    }

    public func deleteAccount(_ id: UserID) async throws(DataStoreError) -> Bool {
        guard id != .personal else { return false }
        let deleted = try await write { db in
            try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [id.rawValue])
            return db.changesCount == 1
        }
        guard deleted else { return false }
        do {
            try files.removeFiles(of: id)
        } catch {
            throw .saveFailed("the account is deleted, its data is not yet (removed when Peach next starts): \(error)")
        }
        return true
    }

    // MARK: Sessions

    public func createSession(tokenHash: Data, of id: UserID, expires: Date) async throws(DataStoreError) {
        try await write { db in
            // Expired sessions of the same account go on the way.
            try db.execute(
                sql: "DELETE FROM session WHERE userID = ? AND expiresAt < ?",
                arguments: [id.rawValue, now().timeIntervalSince1970])
            try db.execute(
                sql: "INSERT INTO session (tokenHash, userID, expiresAt) VALUES (?, ?, ?)",
                arguments: [tokenHash, id.rawValue, expires.timeIntervalSince1970])
        }
    }

    public func account(session tokenHash: Data, now: Date) async throws(DataStoreError) -> Account? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT u.id, u.name, u.isTeacher, u.mustChangePassword FROM session s JOIN user u ON u.id = s.userID
                    WHERE s.tokenHash = ? AND s.expiresAt > ?
                    """, arguments: [tokenHash, now.timeIntervalSince1970]
            ).map(Self.account)
        }
    }

    public func deleteSession(tokenHash: Data) async throws(DataStoreError) {
        try await write { db in try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [tokenHash]) }
    }

    // MARK: Failed sign-ins

    public func recordFailedSignIn(name: String, address: String, at: Date) async throws(DataStoreError) {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO signInFailure (name, address, at) VALUES (?, ?, ?)",
                arguments: [name, address, at.timeIntervalSince1970])
        }
    }

    public func failedSignIns(name: String, address: String, since: Date) async throws(DataStoreError) -> (
        accountAtAddress: SignInThrottle.Failures, address: SignInThrottle.Failures
    ) {
        try await read { db in
            func failures(_ condition: String, _ arguments: StatementArguments) throws -> SignInThrottle.Failures {
                let row = try Row.fetchOne(
                    db, sql: "SELECT count(*), max(at) FROM signInFailure WHERE \(condition) AND at > ?",
                    arguments: arguments + [since.timeIntervalSince1970])
                let latest: Double? = row?[1]
                return SignInThrottle.Failures(
                    count: row?[0] ?? 0, latest: latest.map(Date.init(timeIntervalSince1970:)))
            }
            return (try failures("name = ? AND address = ?", [name, address]), try failures("address = ?", [address]))
        }
    }

    public func clearFailedSignIns(name: String, address: String) async throws(DataStoreError) {
        try await write { db in
            try db.execute(sql: "DELETE FROM signInFailure WHERE name = ? AND address = ?", arguments: [name, address])
        }
    }

    public func revision(of id: UserID) async throws(DataStoreError) -> Int64 {
        revisions.current(id)
    }

    public func revisions(of ids: [UserID]) async throws(DataStoreError) -> [UserID: Int64] {
        let existing = try await read { db in
            try Int64.fetchSet(
                db, sql: "SELECT id FROM user WHERE id IN (\(ids.map { String($0.rawValue) }.joined(separator: ",")))")
        }
        return Dictionary(
            uniqueKeysWithValues: existing.map { (UserID(rawValue: $0), revisions.current(UserID(rawValue: $0))) })
    }

    // MARK: Class views

    public func keptFigures(of students: [UserID]) async throws(DataStoreError) -> [UserID: StudentFigures] {
        try await read { db in
            var kept: [UserID: StudentFigures] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql:
                    "SELECT userID, figures FROM studentSummary WHERE userID IN (\(students.map { String($0.rawValue) }.joined(separator: ",")))"
            )
            while let row = try rows.next() { kept[UserID(rawValue: row[0])] = StudentFigures(kept: row[1]) }
            return kept
        }
    }

    public func keep(_ readings: [StudentFiguresReading]) async throws(DataStoreError) {
        guard !readings.isEmpty else { return }
        let revisions = self.revisions
        try await write { db in
            for reading in readings where revisions.mayKeep(reading.student, readAt: reading.revision) {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO studentSummary (userID, figures) SELECT id, ? FROM user WHERE id = ?",
                    arguments: [reading.figures.kept, reading.student.rawValue])
            }
        }
    }

    /// One server opens the class files (`ClassServerLock`).
    public var isSharedByProcesses: Bool { false }

    public func fittingExclusively<Result: Sendable>(
        _ students: [UserID], _ body: @escaping @Sendable ([UserID]) async -> Result
    ) async throws(DataStoreError) -> Result {
        await body(students)
    }

    // MARK: Classes

    private static let classroomSelection = """
        SELECT c.id, c.name, c.invitation, t.id, t.name, t.isTeacher,
            (SELECT count(*) FROM classroomMember m WHERE m.classroomID = c.id)
        FROM classroom c JOIN user t ON t.id = c.teacherID
        """

    public func createClassroom(named name: String, teacher: UserID, invitation: InvitationCode)
        async throws(DataStoreError) -> Classroom
    {
        let id = try await write { db in
            try db.execute(
                sql: "INSERT INTO classroom (name, teacherID, invitation) VALUES (?, ?, ?)",
                arguments: [name, teacher.rawValue, invitation.rawValue])
            return db.lastInsertedRowID
        }
        guard let classroom = try await classroom(id, taughtBy: teacher) else {
            throw .saveFailed("the new class was not found")
        }
        return classroom
    }

    public func createStudents(_ students: [(name: AccountName, passwordHash: String)], in classroom: Int64)
        async throws(DataStoreError) -> [Account]
    {
        let createdAt = now()
        return try await write { db in
            try Self.insertStudents(students, in: classroom, createdAt: createdAt, db)
        }
    }

    public func createInvitedStudents(
        _ students: [(name: AccountName, tokenHash: Data)], passwordHash: String, in classroom: Int64, expires: Date
    ) async throws(DataStoreError) -> [Account] {
        let createdAt = now()
        return try await write { db in
            let accounts = try Self.insertStudents(
                students.map { ($0.name, passwordHash) }, in: classroom, createdAt: createdAt, db)
            for (student, account) in zip(students, accounts) {
                try db.execute(
                    sql: "INSERT INTO invitation (tokenHash, userID, expiresAt) VALUES (?, ?, ?)",
                    arguments: [student.tokenHash, account.id.rawValue, expires.timeIntervalSince1970])
            }
            return accounts
        }
    }

    /// Every account with a password handed out, each a student of `classroom`; a name taken throws.
    private static func insertStudents(
        _ students: [(name: AccountName, passwordHash: String)], in classroom: Int64, createdAt: Date, _ db: Database
    ) throws -> [Account] {
        try students.map { student in
            guard
                let account = try insertAccount(
                    student.name, passwordHash: student.passwordHash, isTeacher: false, mustChangePassword: true,
                    createdAt: createdAt, db)
            else { throw DataStoreError.saveFailed("the name '\(student.name)' is taken") }
            try db.execute(
                sql: "INSERT INTO classroomMember (classroomID, userID) VALUES (?, ?)",
                arguments: [classroom, account.id.rawValue])
            return account
        }
    }

    public func classrooms(taughtBy teacher: UserID) async throws(DataStoreError) -> [Classroom] {
        try await classrooms("WHERE c.teacherID = ? ORDER BY c.name, c.id", [teacher.rawValue])
    }

    public func classroom(_ id: Int64, taughtBy teacher: UserID) async throws(DataStoreError) -> Classroom? {
        try await classrooms("WHERE c.id = ? AND c.teacherID = ?", [id, teacher.rawValue]).first
    }

    public func students(of classroom: Int64) async throws(DataStoreError) -> [Account] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT u.id, u.name, u.isTeacher, u.mustChangePassword FROM classroomMember m JOIN user u ON u.id = m.userID
                    WHERE m.classroomID = ? ORDER BY u.name
                    """, arguments: [classroom]
            ).map(Self.account)
        }
    }

    public func unusedInvitations(of students: [UserID]) async throws(DataStoreError) -> [UserID: Date] {
        guard !students.isEmpty else { return [:] }
        return try await read { db in
            var expiring: [UserID: Date] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT userID, max(expiresAt) FROM invitation
                    WHERE usedAt IS NULL AND userID IN (\(students.map { String($0.rawValue) }.joined(separator: ",")))
                    GROUP BY userID
                    """)
            {
                expiring[UserID(rawValue: row[0])] = Date(timeIntervalSince1970: row[1])
            }
            return expiring
        }
    }

    public func classrooms(of student: UserID) async throws(DataStoreError) -> [Classroom] {
        try await classrooms(
            "WHERE c.id IN (SELECT classroomID FROM classroomMember WHERE userID = ?) ORDER BY c.name, c.id",
            [student.rawValue])
    }

    public func join(_ student: UserID, invitation: InvitationCode) async throws(DataStoreError) -> Classroom? {
        let joined = try await write { db -> Int64? in
            guard
                let id = try Int64.fetchOne(
                    db, sql: "SELECT id FROM classroom WHERE invitation = ?", arguments: [invitation.rawValue])
            else { return nil }
            try db.execute(
                sql: "INSERT INTO classroomMember (classroomID, userID) VALUES (?, ?) ON CONFLICT DO NOTHING",
                arguments: [id, student.rawValue])
            return id
        }
        guard let joined else { return nil }
        return try await classrooms("WHERE c.id = ?", [joined]).first
    }

    public func leave(_ student: UserID, classroom: Int64) async throws(DataStoreError) -> Bool {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM classroomMember WHERE classroomID = ? AND userID = ?",
                arguments: [classroom, student.rawValue])
            return db.changesCount == 1
        }
    }

    // MARK: Reading and writing

    private func classrooms(_ filter: String, _ arguments: StatementArguments) async throws(DataStoreError)
        -> [Classroom]
    {
        try await read { db in
            try Row.fetchAll(db, sql: Self.classroomSelection + " " + filter, arguments: arguments).map { row in
                guard let invitation = InvitationCode(row[2]) else {
                    throw DataStoreError.fetchFailed("a stored invitation code is malformed")
                }
                let teacher = try Self.account(id: row[3], name: row[4], isTeacher: row[5])
                return Classroom(
                    id: row[0], name: row[1], teacher: teacher, invitation: invitation, studentCount: row[6])
            }
        }
    }

    private func fetchAccount(_ filter: String, _ arguments: StatementArguments) async throws(DataStoreError) -> (
        account: Account, passwordHash: String
    )? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, name, isTeacher, mustChangePassword, passwordHash FROM user " + filter,
                arguments: arguments
            )
            .map { (try Self.account($0), $0[4]) }
        }
    }

    /// A row starting id, name, isTeacher, mustChangePassword.
    private static func account(_ row: Row) throws -> Account {
        try account(id: row[0], name: row[1], isTeacher: row[2], mustChangePassword: row[3])
    }

    private static func account(id: Int64, name: String, isTeacher: Bool, mustChangePassword: Bool = false) throws
        -> Account
    {
        guard let name = AccountName(name) else {
            throw DataStoreError.fetchFailed("a stored account name is malformed")
        }
        return Account(
            id: UserID(rawValue: id), name: name, isTeacher: isTeacher, mustChangePassword: mustChangePassword)
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(DataStoreError) -> T {
        do {
            return try await writer.read(body)
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(String(describing: error))
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(DataStoreError)
        -> T
    {
        do {
            return try await writer.write(body)
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .saveFailed(String(describing: error))
        }
    }
}
