import Foundation
import PeachCore
import PostgresNIO

/// Assignments and each student's progress, beside the classes they belong to; every instance
/// serving the class reads and moves the same rows.
extension PostgresAccountStore {
    private static let assignmentSelection =
        "SELECT a.id, a.classroom_id, a.student_id, a.title, a.start_at, a.due_at, a.created_at FROM assignment a"

    public func createAssignment(_ draft: AssignmentDraft, in classroom: Int64, at now: Date)
        async throws(DataStoreError) -> Assignment
    {
        let logger = database.logger
        return try await database.transaction { connection in
            guard
                let id = try await Self.first(
                    connection.query(
                        """
                        INSERT INTO assignment (classroom_id, student_id, title, start_at, due_at, created_at)
                        VALUES (\(classroom), \(draft.student?.rawValue), \(draft.title), \(draft.start), \(draft.due), \(now))
                        RETURNING id
                        """, logger: logger
                    ).decode(Int64.self))
            else { throw DataStoreError.saveFailed("the new assignment was not numbered") }
            for (position, task) in draft.tasks.enumerated() {
                try await Self.insert(task, of: id, at: position, connection, logger: logger)
            }
            guard
                let assignment = try await Self.fetchAssignments(connection, logger: logger, where: "a.id = \(id)")
                    .first
            else { throw DataStoreError.saveFailed("the new assignment was not found") }
            return assignment
        }
    }

    public func replaceAssignment(_ id: Int64, in classroom: Int64, with draft: AssignmentDraft)
        async throws(DataStoreError) -> Assignment?
    {
        let logger = database.logger
        return try await database.transaction { connection in
            guard
                let old = try await Self.fetchAssignments(
                    connection, logger: logger, where: "a.id = \(id) AND a.classroom_id = \(classroom)", lock: true
                ).first
            else { return nil }
            try await connection.query(
                """
                UPDATE assignment SET student_id = \(draft.student?.rawValue), title = \(draft.title),
                    start_at = \(draft.start), due_at = \(draft.due) WHERE id = \(id)
                """, logger: logger)
            var kept = Set<Int64>()
            for (position, task) in draft.tasks.enumerated() {
                if let same = old.tasks.first(where: { $0.isSameWork(as: task) && !kept.contains($0.id) }) {
                    kept.insert(same.id)
                    try await connection.query(
                        "UPDATE assignment_task SET position = \(position) WHERE id = \(same.id)", logger: logger)
                } else {
                    try await Self.insert(task, of: id, at: position, connection, logger: logger)
                }
            }
            let dropped = old.tasks.map(\.id).filter { !kept.contains($0) }
            try await connection.query("DELETE FROM assignment_task WHERE id = ANY(\(dropped))", logger: logger)
            return try await Self.fetchAssignments(connection, logger: logger, where: "a.id = \(id)").first
        }
    }

    public func deleteAssignment(_ id: Int64, in classroom: Int64) async throws(DataStoreError) -> Bool {
        let logger = database.logger
        return try await database.transaction { connection in
            try await Self.first(
                connection.query(
                    "DELETE FROM assignment WHERE id = \(id) AND classroom_id = \(classroom) RETURNING id",
                    logger: logger
                ).decode(Int64.self)) != nil
        }
    }

    public func assignment(_ id: Int64, in classroom: Int64) async throws(DataStoreError) -> Assignment? {
        let logger = database.logger
        return try await read { connection in
            try await Self.fetchAssignments(
                connection, logger: logger, where: "a.id = \(id) AND a.classroom_id = \(classroom)"
            ).first
        }
    }

    public func assignments(of classroom: Int64) async throws(DataStoreError) -> [Assignment] {
        let logger = database.logger
        return try await read { connection in
            try await Self.fetchAssignments(
                connection, logger: logger, where: "a.classroom_id = \(classroom)", order: "a.due_at DESC, a.id DESC")
        }
    }

    public func assignments(for student: UserID) async throws(DataStoreError) -> [Assignment] {
        let logger = database.logger
        let id = student.rawValue
        return try await read { connection in
            try await Self.fetchAssignments(
                connection, logger: logger,
                where: """
                    a.classroom_id IN (SELECT classroom_id FROM classroom_member WHERE user_id = \(id))
                        AND (a.student_id IS NULL OR a.student_id = \(id))
                    """, order: "a.due_at, a.id")
        }
    }

    public func progress(of assignments: [Int64], students: [UserID]) async throws(DataStoreError) -> [TaskProgress] {
        guard !assignments.isEmpty, !students.isEmpty else { return [] }
        let logger = database.logger
        return try await read { connection in
            var progress: [TaskProgress] = []
            for try await row in try await connection.query(
                """
                SELECT p.task_id, p.user_id, p.answers, p.last_activity, p.reached, p.done
                FROM assignment_task t JOIN task_progress p ON p.task_id = t.id
                WHERE t.assignment_id = ANY(\(assignments)) AND p.user_id = ANY(\(students.map(\.rawValue)))
                """, logger: logger
            ).decode((Int64, Int64, Int, Date, Double?, Bool).self) {
                progress.append(Self.progress(row))
            }
            return progress
        }
    }

    public func count(of task: Int64, for student: UserID) async throws(DataStoreError) -> TaskCount? {
        let logger = database.logger
        return try await read { connection in
            try await Self.first(
                connection.query(
                    """
                    SELECT task_id, user_id, answers, last_activity, reached, done, goal_trials FROM task_progress
                    WHERE task_id = \(task) AND user_id = \(student.rawValue)
                    """, logger: logger
                ).decode((Int64, Int64, Int, Date, Double?, Bool, ByteBuffer?).self)
            ).map { row in
                TaskCount(
                    progress: Self.progress((row.0, row.1, row.2, row.3, row.4, row.5)),
                    goalTrials: row.6.flatMap { GoalTrials(stored: Data($0.readableBytesView)) } ?? GoalTrials())
            }
        }
    }

    public func moveProgress(from before: TaskCount, to after: TaskCount, answeredAt: Date)
        async throws(DataStoreError) -> Bool
    {
        let logger = database.logger
        let progress = after.progress
        let id = progress.student.rawValue
        let trials = after.goalTrials.trials.isEmpty ? nil : ByteBuffer(bytes: after.goalTrials.stored)
        // One statement, so no transaction around it. The task is the student's while they are in
        // its class and it is for the class or them; of two instances counting at once, the one
        // whose `before` is stale changes nothing.
        do {
            return try await database.withConnection { connection in
                try await Self.first(
                    connection.query(
                        """
                        INSERT INTO task_progress (task_id, user_id, answers, last_activity, reached, done, goal_trials)
                        SELECT t.id, m.user_id, \(progress.answers), \(progress.lastActivity), \(progress.reached),
                            \(progress.isDone), \(trials)
                        FROM assignment_task t JOIN assignment a ON a.id = t.assignment_id
                        JOIN classroom_member m ON m.classroom_id = a.classroom_id AND m.user_id = \(id)
                        WHERE t.id = \(progress.task) AND (a.student_id IS NULL OR a.student_id = \(id))
                            AND coalesce(a.start_at, a.created_at) <= \(answeredAt)
                        ON CONFLICT (task_id, user_id) DO UPDATE SET answers = excluded.answers,
                            last_activity = excluded.last_activity, reached = excluded.reached, done = excluded.done,
                            goal_trials = excluded.goal_trials
                        WHERE task_progress.answers = \(before.progress.answers)
                        RETURNING task_id
                        """, logger: logger
                    ).decode(Int64.self)) != nil
            }
        } catch let error as DataStoreError {
            throw error
        } catch {
            throw .saveFailed(PostgresPeachDatabase.describe(error))
        }
    }

    public func task(_ id: Int64, for student: UserID) async throws(DataStoreError) -> (Assignment, AssignmentTask)? {
        let logger = database.logger
        let user = student.rawValue
        return try await read { connection in
            try await Self.fetchAssignments(
                connection, logger: logger,
                where: """
                    a.id = (SELECT assignment_id FROM assignment_task WHERE id = \(id))
                        AND a.classroom_id IN (SELECT classroom_id FROM classroom_member WHERE user_id = \(user))
                        AND (a.student_id IS NULL OR a.student_id = \(user))
                    """
            ).first.flatMap { assignment in assignment.tasks.first { $0.id == id }.map { (assignment, $0) } }
        }
    }

    private static func insert(
        _ task: AssignmentTask, of assignment: Int64, at position: Int, _ connection: PostgresConnection,
        logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO assignment_task (assignment_id, position, discipline, settings, answers, threshold)
            VALUES (\(assignment), \(position), \(task.discipline.rawValue), \(task.storedSettings),
                \(task.goal.answerCount), \(task.goal.threshold))
            """, logger: logger)
    }

    /// The filter is written by this file only, with numbers the queries were given as Int64.
    private static func fetchAssignments(
        _ connection: PostgresConnection, logger: Logger, where filter: String, order: String = "a.id",
        lock: Bool = false
    ) async throws -> [Assignment] {
        var rows: [(Int64, Int64, Int64?, String, Date?, Date, Date)] = []
        for try await row in try await connection.query(
            PostgresQuery(
                unsafeSQL: assignmentSelection + " WHERE \(filter) ORDER BY \(order)" + (lock ? " FOR UPDATE" : "")),
            logger: logger
        ).decode((Int64, Int64, Int64?, String, Date?, Date, Date).self) {
            rows.append(row)
        }
        guard !rows.isEmpty else { return [] }
        var tasks: [Int64: [AssignmentTask]] = [:]
        for try await row in try await connection.query(
            """
            SELECT assignment_id, id, discipline, settings, answers, threshold FROM assignment_task
            WHERE assignment_id = ANY(\(rows.map(\.0))) ORDER BY assignment_id, position
            """, logger: logger
        ).decode((Int64, Int64, String, String, Int?, Double?).self) {
            // A task of a discipline this version does not train is left out, not the assignment.
            guard
                let task = AssignmentTask(
                    id: row.1, discipline: row.2, storedSettings: row.3, answers: row.4, threshold: row.5)
            else { continue }
            tasks[row.0, default: []].append(task)
        }
        return rows.map { row in
            Assignment(
                id: row.0, classroom: row.1, student: row.2.map(UserID.init(rawValue:)), title: row.3, start: row.4,
                due: row.5, tasks: tasks[row.0] ?? [], created: row.6)
        }
    }

    private static func progress(_ row: (Int64, Int64, Int, Date, Double?, Bool)) -> TaskProgress {
        TaskProgress(
            task: row.0, student: UserID(rawValue: row.1), answers: row.2, lastActivity: row.3, reached: row.4,
            isDone: row.5)
    }
}
