import Foundation

/// One of a student's open or recent assignments as Start lists it (and `peach assignments`): the
/// assignment, its class's name and the student's progress with each of its tasks, in their order.
public struct ListedAssignment: Hashable, Sendable {
    public let assignment: Assignment
    public let className: String
    public let progress: [TaskProgress]

    public var isDone: Bool { progress.allSatisfy(\.isDone) }
}

extension ClassroomStore {
    /// `student`'s assignments still to be worked on at `now` or due within the last week, soonest
    /// due first, each with their progress (`notStarted` for a task without any).
    public func listedAssignments(for student: UserID, at now: Date) async throws(DataStoreError)
        -> [ListedAssignment]
    {
        let listed = try await self.assignments(for: student).filter { $0.isListed(at: now) }
        let counted = try await self.progress(of: listed.map(\.id), students: [student])
        let classes = try await classrooms(of: student)
        let byTask = Dictionary(counted.map { ($0.task, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Dictionary(classes.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return listed.map { assignment in
            ListedAssignment(
                assignment: assignment, className: names[assignment.classroom] ?? "",
                progress: assignment.tasks.map { byTask[$0.id] ?? .notStarted($0.id, student) })
        }
    }
}
