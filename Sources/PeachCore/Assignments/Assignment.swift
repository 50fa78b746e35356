import Foundation

/// Work a teacher sets a class, or one student of it: a title, an optional start, a due date and
/// its tasks. Answers count for a task from its start on (from when it was made without one).
public struct Assignment: Hashable, Sendable {
    public let id: Int64
    public let classroom: Int64
    /// The one student it is for; nil for the whole class.
    public let student: UserID?
    public let title: String
    public let start: Date?
    public let due: Date
    public let tasks: [AssignmentTask]
    public let created: Date

    public init(
        id: Int64, classroom: Int64, student: UserID?, title: String, start: Date?, due: Date,
        tasks: [AssignmentTask], created: Date
    ) {
        self.id = id
        self.classroom = classroom
        self.student = student
        self.title = title
        self.start = start
        self.due = due
        self.tasks = tasks
        self.created = created
    }

    /// From when answers count.
    public var countsFrom: Date { start ?? created }

    public func isOverdue(at now: Date) -> Bool { now > due }

    /// Still to be worked on at `now`, or due within the last `recent` (a student sees recent ones too).
    public func isListed(at now: Date, recent: TimeInterval = Self.recentSeconds) -> Bool {
        due.addingTimeInterval(recent) >= now
    }

    /// A week after its due date an assignment leaves the student's Start.
    public static let recentSeconds: TimeInterval = 7 * 86_400
}
