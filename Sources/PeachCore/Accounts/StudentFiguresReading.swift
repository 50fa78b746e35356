/// A student's figures as read from their records at `revision` (`AccountStore.revision(of:)`,
/// read before the records).
public struct StudentFiguresReading: Sendable, Hashable {
    public let student: UserID
    public let revision: Int64
    public let figures: StudentFigures

    public init(student: UserID, revision: Int64, figures: StudentFigures) {
        self.student = student
        self.revision = revision
        self.figures = figures
    }
}
