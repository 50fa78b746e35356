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
                    Output.line("  \(task.discipline.declaration.names.english): \(Self.text(progress, task))")
                }
            }
        }
    }

    /// As Start says it: answers of the goal's, the threshold to reach and the one reached, or a
    /// measurement to finish and its result.
    static func text(_ progress: TaskProgress, _ task: AssignmentTask) -> String {
        let reached = progress.reached.map { number($0) + unit(task) }
        switch task.goal {
        case .answers(let count): return progress.isDone ? "done" : "\(progress.answers) / \(count)"
        case .threshold(let target):
            let goal = "goal ≤ \(number(target)) ¢"
            if let reached { return progress.isDone ? "done, reached \(reached)" : "now \(reached), \(goal)" }
            return progress.answers == 0 ? goal : "\(goal); \(progress.answers) answered, no threshold yet"
        case .measure:
            return reached.map { (progress.isDone ? "done, " : "") + "measured \($0)" }
                ?? (progress.answers == 0 ? "measure once" : "measuring: \(progress.answers) answered")
        }
    }

    private static func unit(_ task: AssignmentTask) -> String {
        switch task.discipline.trainingKind.thresholdUnit {
        case .cent: " ¢"
        case .percentOfSixteenth: " % of a sixteenth"
        }
    }

    static func due(_ assignment: Assignment, now: Date) -> String {
        let day = assignment.due.formatted(Date.ISO8601FormatStyle(timeZone: .current).year().month().day())
        return assignment.isOverdue(at: now) ? "overdue since \(day)" : "due \(day)"
    }

    private static func number(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...1)).grouping(.never).locale(Locale(identifier: "en")))
    }
}
