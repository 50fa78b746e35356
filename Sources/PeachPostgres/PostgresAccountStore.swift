import Foundation
import PeachCore
import PostgresNIO

/// Accounts, sessions, failed sign-ins and classes on PostgreSQL. Deleting an account deletes what
/// it owns through the schema's `ON DELETE CASCADE`, in the one statement's transaction.
public struct PostgresAccountStore: AccountStore, ClassroomStore {
    let database: PostgresPeachDatabase
    /// Stamps new accounts and tells which sessions have expired: the server's clock, as for
    /// `account(session:now:)`, not the database's.
    let now: @Sendable () -> Date

    public init(database: PostgresPeachDatabase, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }

    private var logger: Logger { database.logger }

    // MARK: Accounts

    public func createAccount(_ name: AccountName, passwordHash: String, isTeacher: Bool) async throws(DataStoreError)
        -> Account?
    {
        try await database.transaction { connection in
            try await Self.insertAccount(
                name, passwordHash: passwordHash, isTeacher: isTeacher, createdAt: now(), connection, logger: logger)
        }
    }

    public func createStudent(_ name: AccountName, passwordHash: String, joining invitation: InvitationCode)
        async throws(DataStoreError) -> SignUpOutcome
    {
        try await database.transaction { connection in
            guard
                let classroom = try await Self.first(
                    connection.query(
                        "SELECT id FROM classroom WHERE invitation = \(invitation.rawValue)", logger: logger
                    ).decode(Int64.self))
            else { return .unknownInvitation }
            guard
                let account = try await Self.insertAccount(
                    name, passwordHash: passwordHash, isTeacher: false, createdAt: now(), connection, logger: logger)
            else { return .nameTaken }
            try await connection.query(
                "INSERT INTO classroom_member (classroom_id, user_id) VALUES (\(classroom), \(account.id.rawValue))",
                logger: logger)
            return .created(account)
        }
    }

    private static func insertAccount(
        _ name: AccountName, passwordHash: String, isTeacher: Bool, mustChangePassword: Bool = false, createdAt: Date,
        _ connection: PostgresConnection, logger: Logger
    ) async throws -> Account? {
        let id = try await first(
            connection.query(
                """
                INSERT INTO peach_user (name, password_hash, is_teacher, must_change_password, created_at)
                VALUES (\(name.rawValue), \(passwordHash), \(isTeacher), \(mustChangePassword), \(createdAt))
                ON CONFLICT (name) DO NOTHING RETURNING id
                """, logger: logger
            ).decode(Int64.self))
        return id.map {
            Account(
                id: UserID(rawValue: $0), name: name, isTeacher: isTeacher, mustChangePassword: mustChangePassword)
        }
    }

    public func account(named name: AccountName) async throws(DataStoreError) -> (
        account: Account, passwordHash: String
    )? {
        try await fetchAccount(
            """
            SELECT id, name, is_teacher, must_change_password, password_hash FROM peach_user
            WHERE name = \(name.rawValue) AND id <> 0
            """)
    }

    public func account(_ id: UserID) async throws(DataStoreError) -> (account: Account, passwordHash: String)? {
        try await fetchAccount(
            """
            SELECT id, name, is_teacher, must_change_password, password_hash FROM peach_user
            WHERE id = \(id.rawValue) AND id <> 0
            """)
    }

    public func accounts() async throws(DataStoreError) -> [Account] {
        try await read { connection in
            var accounts: [Account] = []
            for try await row in try await connection.query(
                "SELECT id, name, is_teacher, must_change_password FROM peach_user WHERE id <> 0 ORDER BY name",
                logger: logger
            ).decode((Int64, String, Bool, Bool).self) {
                accounts.append(try Self.account(row))
            }
            return accounts
        }
    }

    public func setPasswordHash(_ hash: String, of id: UserID, keeping session: Data?) async throws(DataStoreError) {
        try await database.transaction { connection in
            try await connection.query(
                "UPDATE peach_user SET password_hash = \(hash), must_change_password = false WHERE id = \(id.rawValue)",
                logger: logger)
            try await connection.query(
                "UPDATE invitation SET used_at = \(now()) WHERE user_id = \(id.rawValue) AND used_at IS NULL",
                logger: logger)
            let kept = ByteBuffer(bytes: session ?? Data())
            try await connection.query(
                "DELETE FROM peach_session WHERE user_id = \(id.rawValue) AND token_hash <> \(kept)", logger: logger)
        }
    }

    public func acceptInvitation(tokenHash: Data, passwordHash: String, now: Date) async throws(DataStoreError)
        -> InvitationState
    {
        try await database.transaction { connection in
            // Locked: two instances accepting the same link at once take turns, and the second finds it used.
            let state = try await Self.invitation(tokenHash, now: now, locking: true, connection, logger: logger)
            guard case .open(let account) = state else { return state }
            try await connection.query(
                "UPDATE invitation SET used_at = \(now) WHERE token_hash = \(ByteBuffer(bytes: tokenHash))",
                logger: logger)
            try await connection.query(
                """
                UPDATE peach_user SET password_hash = \(passwordHash), must_change_password = false
                WHERE id = \(account.id.rawValue)
                """, logger: logger)
            return .open(Account(id: account.id, name: account.name, isTeacher: account.isTeacher))
        }
    }

    public func invitation(tokenHash: Data, now: Date) async throws(DataStoreError) -> InvitationState {
        try await read { connection in
            try await Self.invitation(tokenHash, now: now, locking: false, connection, logger: logger)
        }
    }

    private static func invitation(
        _ tokenHash: Data, now: Date, locking: Bool, _ connection: PostgresConnection, logger: Logger
    ) async throws -> InvitationState {
        var binds = PostgresBindings(capacity: 1)
        binds.append(ByteBuffer(bytes: tokenHash))
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT u.id, u.name, u.is_teacher, u.must_change_password, i.expires_at, i.used_at
                FROM invitation i JOIN peach_user u ON u.id = i.user_id WHERE i.token_hash = $1
                """ + (locking ? " FOR UPDATE OF i" : ""), binds: binds)
        guard
            let row = try await first(
                connection.query(query, logger: logger).decode((Int64, String, Bool, Bool, Date, Date?).self))
        else { return .unknown }
        guard row.5 == nil else { return .used }
        guard row.4 > now else { return .expired }
        return .open(try account((row.0, row.1, row.2, row.3)))
    }

    public func replacePasswordHash(_ old: String, with new: String, of id: UserID) async throws(DataStoreError) {
        try await database.transaction { connection in
            try await connection.query(
                "UPDATE peach_user SET password_hash = \(new) WHERE id = \(id.rawValue) AND password_hash = \(old)",
                logger: logger)
        }
    }

    public func deleteAccount(_ id: UserID) async throws(DataStoreError) -> Bool {
        guard id != .personal else { return false }
        return try await database.transaction { connection in
            // answer_key and open_trial rows go with the user too (ON DELETE CASCADE).
            try await Self.first(
                connection.query(
                    "DELETE FROM peach_user WHERE id = \(id.rawValue) RETURNING id", logger: logger
                ).decode(Int64.self)) != nil
        }
    }

    // MARK: Sessions

    public func createSession(tokenHash: Data, of id: UserID, expires: Date) async throws(DataStoreError) {
        try await database.transaction { connection in
            // Expired sessions of the same account go on the way.
            try await connection.query(
                "DELETE FROM peach_session WHERE user_id = \(id.rawValue) AND expires_at < \(now())", logger: logger)
            try await connection.query(
                "INSERT INTO peach_session (token_hash, user_id, expires_at) VALUES (\(ByteBuffer(bytes: tokenHash)), \(id.rawValue), \(expires))",
                logger: logger)
        }
    }

    public func account(session tokenHash: Data, now: Date) async throws(DataStoreError) -> Account? {
        try await read { connection in
            try await Self.first(
                connection.query(
                    """
                    SELECT u.id, u.name, u.is_teacher, u.must_change_password
                    FROM peach_session s JOIN peach_user u ON u.id = s.user_id
                    WHERE s.token_hash = \(ByteBuffer(bytes: tokenHash)) AND s.expires_at > \(now)
                    """, logger: logger
                ).decode((Int64, String, Bool, Bool).self)
            ).map(Self.account)
        }
    }

    public func deleteSession(tokenHash: Data) async throws(DataStoreError) {
        try await database.transaction { connection in
            try await connection.query(
                "DELETE FROM peach_session WHERE token_hash = \(ByteBuffer(bytes: tokenHash))", logger: logger)
        }
    }

    // MARK: Failed sign-ins

    public func recordFailedSignIn(name: String, address: String, at: Date) async throws(DataStoreError) {
        try await database.transaction { connection in
            try await connection.query(
                "INSERT INTO sign_in_failure (name, address, at) VALUES (\(name), \(address), \(at))", logger: logger)
        }
    }

    public func failedSignIns(name: String, address: String, since: Date) async throws(DataStoreError) -> (
        accountAtAddress: SignInThrottle.Failures, address: SignInThrottle.Failures
    ) {
        try await read { connection in
            let byAccountAtAddress = try await Self.first(
                connection.query(
                    "SELECT count(*), max(at) FROM sign_in_failure WHERE name = \(name) AND address = \(address) AND at > \(since)",
                    logger: logger
                ).decode((Int, Date?).self))
            let byAddress = try await Self.first(
                connection.query(
                    "SELECT count(*), max(at) FROM sign_in_failure WHERE address = \(address) AND at > \(since)",
                    logger: logger
                ).decode((Int, Date?).self))
            return (
                SignInThrottle.Failures(count: byAccountAtAddress?.0 ?? 0, latest: byAccountAtAddress?.1),
                SignInThrottle.Failures(count: byAddress?.0 ?? 0, latest: byAddress?.1)
            )
        }
    }

    public func clearFailedSignIns(name: String, address: String) async throws(DataStoreError) {
        try await database.transaction { connection in
            try await connection.query(
                "DELETE FROM sign_in_failure WHERE name = \(name) AND address = \(address)", logger: logger)
        }
    }

    public func revision(of id: UserID) async throws(DataStoreError) -> Int64 {
        try await read { connection in
            try await Self.first(
                connection.query(
                    "SELECT revision FROM peach_user WHERE id = \(id.rawValue)", logger: logger
                ).decode(Int64.self)) ?? -1
        }
    }

    public func revisions(of ids: [UserID]) async throws(DataStoreError) -> [UserID: Int64] {
        try await read { connection in
            var revisions: [UserID: Int64] = [:]
            for try await (id, revision) in try await connection.query(
                "SELECT id, revision FROM peach_user WHERE id = ANY(\(ids.map(\.rawValue)))", logger: logger
            ).decode((Int64, Int64).self) {
                revisions[UserID(rawValue: id)] = revision
            }
            return revisions
        }
    }

    // MARK: Classes

    private static let classroomSelection = """
        SELECT c.id, c.name, c.invitation, t.id, t.name, t.is_teacher,
            (SELECT count(*) FROM classroom_member m WHERE m.classroom_id = c.id)
        FROM classroom c JOIN peach_user t ON t.id = c.teacher_id
        """

    public func createClassroom(named name: String, teacher: UserID, invitation: InvitationCode)
        async throws(DataStoreError) -> Classroom
    {
        let id: Int64? = try await database.transaction { connection in
            try await Self.first(
                connection.query(
                    "INSERT INTO classroom (name, teacher_id, invitation) VALUES (\(name), \(teacher.rawValue), \(invitation.rawValue)) RETURNING id",
                    logger: logger
                ).decode(Int64.self))
        }
        guard let id, let classroom = try await classroom(id, taughtBy: teacher) else {
            throw .saveFailed("the new class was not found")
        }
        return classroom
    }

    public func createStudents(_ students: [(name: AccountName, passwordHash: String)], in classroom: Int64)
        async throws(DataStoreError) -> [Account]
    {
        let createdAt = now()
        // Two statements a student: a whole year's roster on a busy server may take longer than a request.
        return try await database.transaction(deadline: PostgresPeachDatabase.bulkDeadline) { connection in
            try await Self.insertStudents(students, in: classroom, createdAt: createdAt, connection, logger: logger)
        }
    }

    public func createInvitedStudents(
        _ students: [(name: AccountName, tokenHash: Data)], passwordHash: String, in classroom: Int64, expires: Date
    ) async throws(DataStoreError) -> [Account] {
        let createdAt = now()
        return try await database.transaction(deadline: PostgresPeachDatabase.bulkDeadline) { connection in
            let accounts = try await Self.insertStudents(
                students.map { ($0.name, passwordHash) }, in: classroom, createdAt: createdAt, connection,
                logger: logger)
            for (student, account) in zip(students, accounts) {
                try await connection.query(
                    """
                    INSERT INTO invitation (token_hash, user_id, expires_at)
                    VALUES (\(ByteBuffer(bytes: student.tokenHash)), \(account.id.rawValue), \(expires))
                    """, logger: logger)
            }
            return accounts
        }
    }

    /// Every account with a password handed out, each a student of `classroom`; a name taken throws.
    private static func insertStudents(
        _ students: [(name: AccountName, passwordHash: String)], in classroom: Int64, createdAt: Date,
        _ connection: PostgresConnection, logger: Logger
    ) async throws -> [Account] {
        var created: [Account] = []
        for student in students {
            guard
                let account = try await insertAccount(
                    student.name, passwordHash: student.passwordHash, isTeacher: false, mustChangePassword: true,
                    createdAt: createdAt, connection, logger: logger)
            else { throw DataStoreError.saveFailed("the name '\(student.name)' is taken") }
            try await connection.query(
                "INSERT INTO classroom_member (classroom_id, user_id) VALUES (\(classroom), \(account.id.rawValue))",
                logger: logger)
            created.append(account)
        }
        return created
    }

    public func classrooms(taughtBy teacher: UserID) async throws(DataStoreError) -> [Classroom] {
        try await classrooms(
            PostgresQuery(
                unsafeSQL: Self.classroomSelection + " WHERE c.teacher_id = \(teacher.rawValue) ORDER BY c.name, c.id"))
    }

    public func classroom(_ id: Int64, taughtBy teacher: UserID) async throws(DataStoreError) -> Classroom? {
        try await classrooms(
            PostgresQuery(
                unsafeSQL: Self.classroomSelection + " WHERE c.id = \(id) AND c.teacher_id = \(teacher.rawValue)")
        ).first
    }

    public func students(of classroom: Int64) async throws(DataStoreError) -> [Account] {
        try await read { connection in
            var accounts: [Account] = []
            for try await row in try await connection.query(
                """
                SELECT u.id, u.name, u.is_teacher, u.must_change_password
                FROM classroom_member m JOIN peach_user u ON u.id = m.user_id
                WHERE m.classroom_id = \(classroom) ORDER BY u.name
                """, logger: logger
            ).decode((Int64, String, Bool, Bool).self) {
                accounts.append(try Self.account(row))
            }
            return accounts
        }
    }

    public func unusedInvitations(of students: [UserID]) async throws(DataStoreError) -> [UserID: Date] {
        guard !students.isEmpty else { return [:] }
        return try await read { connection in
            var expiring: [UserID: Date] = [:]
            for try await (user, expires) in try await connection.query(
                """
                SELECT user_id, max(expires_at) FROM invitation
                WHERE used_at IS NULL AND user_id = ANY(\(students.map(\.rawValue))) GROUP BY user_id
                """, logger: logger
            ).decode((Int64, Date).self) {
                expiring[UserID(rawValue: user)] = expires
            }
            return expiring
        }
    }

    public func classrooms(of student: UserID) async throws(DataStoreError) -> [Classroom] {
        try await classrooms(
            PostgresQuery(
                unsafeSQL: Self.classroomSelection
                    + " WHERE c.id IN (SELECT classroom_id FROM classroom_member WHERE user_id = \(student.rawValue)) ORDER BY c.name, c.id"
            ))
    }

    public func join(_ student: UserID, invitation: InvitationCode) async throws(DataStoreError) -> Classroom? {
        let joined: Int64? = try await database.transaction { connection in
            guard
                let id = try await Self.first(
                    connection.query(
                        "SELECT id FROM classroom WHERE invitation = \(invitation.rawValue)", logger: logger
                    ).decode(Int64.self))
            else { return nil }
            try await connection.query(
                "INSERT INTO classroom_member (classroom_id, user_id) VALUES (\(id), \(student.rawValue)) ON CONFLICT DO NOTHING",
                logger: logger)
            return id
        }
        guard let joined else { return nil }
        return try await classrooms(PostgresQuery(unsafeSQL: Self.classroomSelection + " WHERE c.id = \(joined)")).first
    }

    public func leave(_ student: UserID, classroom: Int64) async throws(DataStoreError) -> Bool {
        try await database.transaction { connection in
            try await Self.first(
                connection.query(
                    "DELETE FROM classroom_member WHERE classroom_id = \(classroom) AND user_id = \(student.rawValue) RETURNING user_id",
                    logger: logger
                ).decode(Int64.self)) != nil
        }
    }

    // MARK: Class views

    /// Kept figures are current while the revision they were read at is still the student's: every
    /// write of theirs moves it in its own transaction, so no write path has to forget them.
    public func keptFigures(of students: [UserID]) async throws(DataStoreError) -> [UserID: StudentFigures] {
        try await read { connection in
            var kept: [UserID: StudentFigures] = [:]
            for try await (id, text) in try await connection.query(
                """
                SELECT s.user_id, s.figures FROM student_summary s JOIN peach_user u ON u.id = s.user_id AND u.revision = s.revision
                WHERE s.user_id = ANY(\(students.map(\.rawValue)))
                """, logger: logger
            ).decode((Int64, String).self) {
                kept[UserID(rawValue: id)] = StudentFigures(kept: text)
            }
            return kept
        }
    }

    public func keep(_ readings: [StudentFiguresReading]) async throws(DataStoreError) {
        guard !readings.isEmpty else { return }
        let (students, revisions, figures) = (
            readings.map(\.student.rawValue), readings.map(\.revision), readings.map(\.figures.kept)
        )
        try await database.transaction { connection in
            try await connection.query(
                """
                INSERT INTO student_summary (user_id, revision, figures)
                SELECT u.id, u.revision, r.figures
                FROM unnest(\(students)::bigint[], \(revisions)::bigint[], \(figures)::text[]) AS r(user_id, revision, figures)
                JOIN peach_user u ON u.id = r.user_id AND u.revision = r.revision
                ON CONFLICT (user_id) DO UPDATE SET revision = excluded.revision, figures = excluded.figures
                """, logger: logger)
        }
    }

    public var isSharedByProcesses: Bool { true }

    /// The first key of the advisory locks that hold a student's fit on one instance (the second
    /// key is the student).
    static let fitLockKey: Int32 = 0x5046_4954

    /// Holds the students by transaction-level advisory locks, taken without waiting: a student
    /// another instance holds is left out rather than waited for (no instance waits on another's
    /// fit), and the locks go with the transaction, even when this instance's connection does.
    public func fittingExclusively<Result: Sendable>(
        _ students: [UserID], _ body: @escaping @Sendable ([UserID]) async -> Result
    ) async throws(DataStoreError) -> Result {
        let (ids, keys) = (students.map(\.rawValue), students.map { Int32(truncatingIfNeeded: $0.rawValue) })
        return try await database.transaction(
            deadline: PostgresPeachDatabase.bulkDeadline, failure: { .fetchFailed(PostgresPeachDatabase.describe($0)) }
        ) {
            connection in
            var held: [UserID] = []
            for try await id in try await connection.query(
                """
                SELECT s.id FROM unnest(\(ids)::bigint[], \(keys)::integer[]) AS s(id, key)
                WHERE pg_try_advisory_xact_lock(\(Self.fitLockKey), s.key)
                """, logger: logger
            ).decode(Int64.self) {
                held.append(UserID(rawValue: id))
            }
            return await body(held)
        }
    }

    // MARK: Reading

    private func classrooms(_ query: PostgresQuery) async throws(DataStoreError) -> [Classroom] {
        try await read { connection in
            var classrooms: [Classroom] = []
            for try await row in try await connection.query(query, logger: logger)
                .decode((Int64, String, String, Int64, String, Bool, Int).self)
            {
                guard let invitation = InvitationCode(row.2) else {
                    throw DataStoreError.fetchFailed("a stored invitation code is malformed")
                }
                classrooms.append(
                    Classroom(
                        id: row.0, name: row.1, teacher: try Self.account((row.3, row.4, row.5, false)),
                        invitation: invitation, studentCount: row.6))
            }
            return classrooms
        }
    }

    private func fetchAccount(_ query: PostgresQuery) async throws(DataStoreError) -> (
        account: Account, passwordHash: String
    )? {
        try await read { connection in
            try await Self.first(
                connection.query(query, logger: logger).decode((Int64, String, Bool, Bool, String).self)
            )
            .map { (try Self.account(($0.0, $0.1, $0.2, $0.3)), $0.4) }
        }
    }

    func read<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result)
        async throws(DataStoreError) -> Result
    {
        do {
            return try await database.withConnection { connection in try await body(connection) }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .fetchFailed(PostgresPeachDatabase.describe(error))
        }
    }

    /// id, name, is_teacher, must_change_password.
    private static func account(_ row: (Int64, String, Bool, Bool)) throws -> Account {
        guard let name = AccountName(row.1) else {
            throw DataStoreError.fetchFailed("a stored account name is malformed")
        }
        return Account(id: UserID(rawValue: row.0), name: name, isTeacher: row.2, mustChangePassword: row.3)
    }

    static func first<Element>(_ sequence: some AsyncSequence<Element, any Error>) async throws -> Element? {
        for try await element in sequence { return element }
        return nil
    }
}
