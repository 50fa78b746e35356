import ArgumentParser
import Foundation
import PeachStore

/// `peach recover FILE -o NEW`: one damaged page made the whole database unreadable to Peach; this
/// saves what SQLite can still read into a new file and says what was lost. The damaged file is
/// only read.
struct Recover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save what can still be read of a damaged SQLite database into a new file, and say what was lost.")

    @Argument(help: "The damaged database file (only read).")
    var file: String

    @Option(name: .shortAndLong, help: "The new database file to write (must not exist).")
    var output: String

    func run() async throws {
        let report: DatabaseRecovery.Report
        do {
            report = try DatabaseRecovery.recover(from: file, to: output)
        } catch {
            throw PeachFailure(error.description)
        }
        Output.line(report.description)
        Output.line(
            "SQLite \(DatabaseRecovery.sqliteVersion) has no recovery API here (sqlite3_recover): each table was copied row by row, "
                + "skipping the rowids it could not read; rows only in free pages are not found")
        Output.line(
            report.lostAnything
                ? "saved what could be read to \(output); the rest is lost (see above). Serve the new file with --data \(output)"
                : "saved everything to \(output): nothing was unreadable")
    }
}
