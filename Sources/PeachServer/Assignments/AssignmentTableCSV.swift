import Foundation
import PeachCore

/// A teacher's assignment table as CSV, for a spreadsheet: a row per student it is for, and per
/// task (named by its place and discipline, `task1.intervalComparison…`) its status, answers and
/// the threshold or measurement reached, in the column its unit names (empty when none was read),
/// then the student's last activity.
enum AssignmentTableCSV {
    static func header(_ assignment: Assignment) -> String {
        let tasks = assignment.tasks.enumerated().flatMap { index, task in
            let name = "task\(index + 1).\(task.discipline.rawValue)"
            let reached =
                switch task.discipline.trainingKind.thresholdUnit {
                case .cent: ".reachedCents"
                case .percentOfSixteenth: ".reachedPercentOfSixteenth"
                }
            return [name + ".status", name + ".answers", name + reached]
        }
        return (["student"] + tasks + ["lastActivity"]).joined(separator: ",")
    }

    /// A table is a class's students × a few tasks: small enough to write at once.
    static func text(_ table: AssignmentTable) -> String {
        ([header(table.assignment)] + table.rows.map(row)).map { $0 + "\n" }.joined()
    }

    /// An account name has no comma, quote or line break (`AccountName`): no cell needs quoting.
    static func row(_ row: AssignmentTable.Row) -> String {
        let tasks = row.progress.flatMap { progress in
            [progress.status.rawValue, String(progress.answers), progress.reached.map(format) ?? ""]
        }
        return ([row.student.name.rawValue] + tasks + [row.lastActivity.map(ISO8601.string) ?? ""])
            .joined(separator: ",")
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
