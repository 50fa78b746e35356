import Foundation
import GRDB
import PeachCore

/// Assignments and each student's progress in `class/accounts.sqlite`, beside the classes they belong to.
extension SQLiteAccountStore {
    private static let assignmentSelection =
        "SELECT id, classroomID, studentID, title, startAt, dueAt, createdAt FROM assignment"

    public func createAssignment(_ draft: AssignmentDraft, in classroom: Int64, at now: Date)
        async throws(DataStoreError) -> Assignment
    {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO assignment (classroomID, studentID, title, startAt, dueAt, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    classroom, draft.student?.rawValue, draft.title, draft.start?.timeIntervalSince1970,
                    draft.due.timeIntervalSince1970, now.timeIntervalSince1970,
                ])
            let id = db.lastInsertedRowID
            for (position, task) in draft.tasks.enumerated() { try Self.insert(task, of: id, at: position, db) }
            guard let assignment = try Self.fetchAssignments(db, "WHERE id = ?", [id]).first else {
                throw DataStoreError.saveFailed("the new assignment was not found")
            }
            return assignment
        }
    }

    public func replaceAssignment(_ id: Int64, in classroom: Int64, with draft: AssignmentDraft)
        async throws(DataStoreError) -> Assignment?
    {
        try await write { db in
            guard let old = try Self.fetchAssignments(db, "WHERE id = ? AND classroomID = ?", [id, classroom]).first
            else { return nil }
            try db.execute(
                sql: "UPDATE assignment SET studentID = ?, title = ?, startAt = ?, dueAt = ? WHERE id = ?",
                arguments: [
                    draft.student?.rawValue, draft.title, draft.start?.timeIntervalSince1970,
                    draft.due.timeIntervalSince1970, id,
                ])
            var kept = Set<Int64>()
            for (position, task) in draft.tasks.enumerated() {
                if let same = old.tasks.first(where: { $0.isSameWork(as: task) && !kept.contains($0.id) }) {
                    kept.insert(same.id)
                    try db.execute(
                        sql: "UPDATE assignmentTask SET position = ? WHERE id = ?", arguments: [position, same.id])
                } else {
                    try Self.insert(task, of: id, at: position, db)
                }
            }
            for task in old.tasks where !kept.contains(task.id) {
                try db.execute(sql: "DELETE FROM assignmentTask WHERE id = ?", arguments: [task.id])
            }
            return try Self.fetchAssignments(db, "WHERE id = ?", [id]).first
        }
    }

    public func deleteAssignment(_ id: Int64, in classroom: Int64) async throws(DataStoreError) -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM assignment WHERE id = ? AND classroomID = ?", arguments: [id, classroom])
            return db.changesCount == 1
        }
    }

    public func assignment(_ id: Int64, in classroom: Int64) async throws(DataStoreError) -> Assignment? {
        try await read { db in try Self.fetchAssignments(db, "WHERE id = ? AND classroomID = ?", [id, classroom]).first
        }
    }

    public func assignments(of classroom: Int64) async throws(DataStoreError) -> [Assignment] {
        try await read { db in
            try Self.fetchAssignments(db, "WHERE classroomID = ? ORDER BY dueAt DESC, id DESC", [classroom])
        }
    }

    public func assignments(for student: UserID) async throws(DataStoreError) -> [Assignment] {
        try await read { db in
            try Self.fetchAssignments(
                db,
                """
                WHERE classroomID IN (SELECT classroomID FROM classroomMember WHERE userID = ?)
                    AND (studentID IS NULL OR studentID = ?) ORDER BY dueAt, id
                """, [student.rawValue, student.rawValue])
        }
    }

    public func progress(of assignments: [Int64], students: [UserID]) async throws(DataStoreError) -> [TaskProgress] {
        guard !assignments.isEmpty, !students.isEmpty else { return [] }
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT p.taskID, p.userID, p.answers, p.lastActivity, p.reached, p.done
                    FROM assignmentTask t JOIN taskProgress p ON p.taskID = t.id
                    WHERE t.assignmentID IN (\(assignments.map(String.init).joined(separator: ",")))
                        AND p.userID IN (\(students.map { String($0.rawValue) }.joined(separator: ",")))
                    """
            ).map(Self.progress)
        }
    }

    public func count(of task: Int64, for student: UserID) async throws(DataStoreError) -> TaskCount? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT taskID, userID, answers, lastActivity, reached, done, goalTrials FROM taskProgress
                    WHERE taskID = ? AND userID = ?
                    """, arguments: [task, student.rawValue]
            ).map { row in
                let stored: Data? = row[6]
                return TaskCount(
                    progress: Self.progress(row), goalTrials: stored.flatMap(GoalTrials.init) ?? GoalTrials())
            }
        }
    }

    public func moveProgress(from before: TaskCount, to after: TaskCount, answeredAt: Date)
        async throws(DataStoreError) -> Bool
    {
        let (progress, student) = (after.progress, after.progress.student.rawValue)
        return try await write { db in
            // The task is the student's while they are in its class and it is for the class or them.
            try db.cachedStatement(
                sql: """
                    INSERT INTO taskProgress (taskID, userID, answers, lastActivity, reached, done, goalTrials)
                    SELECT t.id, m.userID, ?, ?, ?, ?, ? FROM assignmentTask t
                    JOIN assignment a ON a.id = t.assignmentID
                    JOIN classroomMember m ON m.classroomID = a.classroomID AND m.userID = ?
                    WHERE t.id = ? AND (a.studentID IS NULL OR a.studentID = ?)
                        AND coalesce(a.startAt, a.createdAt) <= ?
                    ON CONFLICT (taskID, userID) DO UPDATE SET answers = excluded.answers,
                        lastActivity = excluded.lastActivity, reached = excluded.reached, done = excluded.done,
                        goalTrials = excluded.goalTrials
                    WHERE taskProgress.answers = ?
                    """
            ).execute(arguments: [
                progress.answers, progress.lastActivity?.timeIntervalSince1970, progress.reached, progress.isDone,
                after.goalTrials.trials.isEmpty ? nil : after.goalTrials.stored, student, progress.task, student,
                answeredAt.timeIntervalSince1970, before.progress.answers,
            ])
            return db.changesCount == 1
        }
    }

    public func task(_ id: Int64, for student: UserID) async throws(DataStoreError) -> (Assignment, AssignmentTask)? {
        try await read { db in
            try Self.fetchAssignments(
                db,
                """
                WHERE id = (SELECT assignmentID FROM assignmentTask WHERE id = ?)
                    AND classroomID IN (SELECT classroomID FROM classroomMember WHERE userID = ?)
                    AND (studentID IS NULL OR studentID = ?)
                """, [id, student.rawValue, student.rawValue]
            ).first.flatMap { assignment in assignment.tasks.first { $0.id == id }.map { (assignment, $0) } }
        }
    }

    private static func insert(_ task: AssignmentTask, of assignment: Int64, at position: Int, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO assignmentTask (assignmentID, position, discipline, settings, answers, threshold)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                assignment, position, task.discipline.rawValue, task.storedSettings, task.goal.answerCount,
                task.goal.threshold,
            ])
    }

    private static func fetchAssignments(_ db: Database, _ filter: String, _ arguments: StatementArguments) throws
        -> [Assignment]
    {
        let rows = try Row.fetchAll(db, sql: assignmentSelection + " " + filter, arguments: arguments)
        guard !rows.isEmpty else { return [] }
        var tasks: [Int64: [AssignmentTask]] = [:]
        let ids = rows.map { String($0[0] as Int64) }.joined(separator: ",")
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT assignmentID, id, discipline, settings, answers, threshold FROM assignmentTask
                WHERE assignmentID IN (\(ids)) ORDER BY assignmentID, position
                """)
        {
            // A task of a discipline this version does not train is left out, not the assignment.
            guard
                let task = AssignmentTask(
                    id: row[1], discipline: row[2], storedSettings: row[3], answers: row[4], threshold: row[5])
            else { continue }
            tasks[row[0], default: []].append(task)
        }
        return rows.map { row in
            let start: Double? = row[4]
            let student: Int64? = row[2]
            return Assignment(
                id: row[0], classroom: row[1], student: student.map(UserID.init(rawValue:)), title: row[3],
                start: start.map(Date.init(timeIntervalSince1970:)), due: Date(timeIntervalSince1970: row[5]),
                tasks: tasks[row[0]] ?? [], created: Date(timeIntervalSince1970: row[6]))
        }
    }

    private static func progress(_ row: Row) -> TaskProgress {
        let last: Double? = row[3]
        return TaskProgress(
            task: row[0], student: UserID(rawValue: row[1]), answers: row[2],
            lastActivity: last.map(Date.init(timeIntervalSince1970:)), reached: row[4], isDone: row[5])
    }
}
