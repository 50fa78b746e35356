import Foundation
import PeachServices

/// A teacher's class table as CSV, for a spreadsheet: one student a row, empty cells for "not
/// enough data".
enum ClassSummaryCSV {
    /// `allAnswers`: every answer of every discipline, as the page's "All answers" column (not only the
    /// comparisons the threshold is fitted to).
    static let header = "student,thresholdCents,thresholdLowerCents,thresholdUpperCents,upperIsOpen,trend,allAnswers,lastActivity"

    static func text(_ students: [StudentSummary]) -> String {
        ([header] + students.map { student in
            let threshold = student.figures.threshold
            return [
                student.account.name.rawValue,
                threshold.map { format($0.threshold.rawValue) } ?? "",
                threshold.map { format($0.lower.rawValue) } ?? "",
                threshold.map { format($0.upper.rawValue) } ?? "",
                threshold.map { String($0.upperIsOpen) } ?? "",
                student.figures.trend?.rawValue ?? "",
                String(student.figures.trials),
                student.figures.lastActivity.map(ISO8601.string) ?? "",
            ].joined(separator: ",")
        }).joined(separator: "\n") + "\n"
    }

    private static func format(_ cents: Double) -> String { String(format: "%.2f", cents) }
}
