import ArgumentParser
import Foundation
import PeachCore

/// `peach assignments [list] NAME`: a student's open and recent assignments with their progress, as
/// their Start lists them, from the shell of the machine that runs the class server.
struct Assignments: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract:
            "List a student's open and recent assignments with their progress (PostgreSQL with --database, else SQLite)."
    )
    @OptionGroup var database: ClassDatabaseOption
    @Argument(help: "The student's account name.") var name: String

    func run() async throws {
        try await database.withAccounts { accounts in
            let student = try await accounts.existing(named: name)
            let now = Date()
            let listed = try await accounts.listedAssignments(for: student.id, at: now)
            if listed.isEmpty { Output.line("\(student.name) has no open assignments") }
            for entry in listed {
                Output.line(
                    "\(entry.assignment.title) (\(entry.className)), \(Self.due(entry.assignment, now: now))"
                        + (entry.isDone ? ", done" : ""))
                for (task, progress) in zip(entry.assignment.tasks, entry.progress) {
                    Output.line("  \(task.discipline.declaration.names.english): \(Self.text(progress, task.goal))")
                }
            }
        }
    }

    /// As Start says it: answers of the goal's, or the threshold to reach and the one reached.
    static func text(_ progress: TaskProgress, _ goal: AssignmentGoal) -> String {
        if progress.isDone { return "done" }
        switch goal {
        case .answers(let count): return "\(progress.answers) / \(count)"
        case .threshold(let target):
            return "goal ≤ \(cents(target)) ¢" + (progress.reached.map { ", now \(cents($0)) ¢" } ?? "")
        }
    }

    static func due(_ assignment: Assignment, now: Date) -> String {
        let day = assignment.due.formatted(Date.ISO8601FormatStyle(timeZone: .current).year().month().day())
        return assignment.isOverdue(at: now) ? "overdue since \(day)" : "due \(day)"
    }

    private static func cents(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...1)).grouping(.never).locale(Locale(identifier: "en")))
    }
}
