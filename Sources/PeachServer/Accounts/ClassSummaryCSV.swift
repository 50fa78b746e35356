import Foundation
import Hummingbird
import PeachCore
import PeachServices

/// A teacher's class table as CSV, for a spreadsheet: one student a row, empty cells for "not
/// enough data".
enum ClassSummaryCSV {
    /// `missingThreshold`: why the threshold cells are empty, as the API's `missingThreshold.reason`
    /// (noAnswers, tooFewAnswers, unplaced, tooWide); empty when there is a threshold. `allAnswers`:
    /// every answer of every discipline, as the page's "All answers" column (not only the
    /// comparisons the threshold is fitted to). Then a column for each discipline's own figure:
    /// `<discipline>Accuracy` (0–1), or `<discipline>ThresholdCents` and its own
    /// `<discipline>MissingThreshold`, whichever its kind states.
    static var header: String {
        let own: [String] = DisciplineFigures.disciplines.flatMap { discipline in
            discipline.trainingKind.fitsThreshold
                ? [discipline.rawValue + "ThresholdCents", discipline.rawValue + "MissingThreshold"]
                : [discipline.rawValue + "Accuracy"]
        }
        return
            ([
                "student", "thresholdCents", "thresholdLowerCents", "thresholdUpperCents", "upperIsOpen",
                "missingThreshold", "trend", "allAnswers", "lastActivity",
            ]
            + own).joined(separator: ",")
    }

    /// Written a few rows at a time as the client takes them and as `figures` gives them (it waits
    /// for figures still being prepared): a class of a thousand is never one string in memory, and
    /// the download starts at once.
    static func body(
        _ students: [Account],
        figures: @escaping @Sendable ([Account]) async throws -> [(account: Account, figures: StudentFigures)]
    ) -> ResponseBody {
        ResponseBody { writer in
            try await writer.write(ByteBuffer(string: header + "\n"))
            for start in stride(from: 0, to: students.count, by: rowsPerWrite) {
                let rows = try await figures(Array(students[start..<min(start + rowsPerWrite, students.count)]))
                try await writer.write(ByteBuffer(string: rows.map { row($0.account, $0.figures) + "\n" }.joined()))
            }
            try await writer.finish(nil)
        }
    }

    static let rowsPerWrite = 100

    static func row(_ student: Account, _ figures: StudentFigures) -> String {
        let threshold = figures.threshold
        let shared: [String] = [
            student.name.rawValue,
            threshold.map { format($0.threshold.rawValue) } ?? "",
            threshold.map { format($0.lower.rawValue) } ?? "",
            threshold.map { format($0.upper.rawValue) } ?? "",
            threshold.map { String($0.upperIsOpen) } ?? "",
            figures.missingThreshold?.reason.rawValue ?? "",
            figures.trend?.rawValue ?? "",
            String(figures.trials),
            figures.lastActivity.map(ISO8601.string) ?? "",
        ]
        return (shared + figures.disciplines.flatMap(ownFigure)).joined(separator: ",")
    }

    private static func ownFigure(_ own: DisciplineFigures) -> [String] {
        if own.discipline.trainingKind.fitsThreshold {
            return [
                own.threshold.map { format($0.threshold.rawValue) } ?? "", own.missingThreshold?.reason.rawValue ?? "",
            ]
        }
        return [own.accuracy.map { String(format: "%.3f", $0) } ?? ""]
    }

    private static func format(_ cents: Double) -> String { String(format: "%.2f", cents) }
}
