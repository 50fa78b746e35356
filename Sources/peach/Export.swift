import ArgumentParser
import Foundation
import PeachStore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every training record to a CSV file (format: docs/data-format.md).")

    @Option(help: "The CSV file to write (replaced whole, never left half-written).")
    var out: String

    @OptionGroup var data: DataOption

    func run() async throws {
        let path = data.resolvedPath
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("there is no Peach database at \(path)")
        }
        let database = try PeachDatabase(path: path)
        let started = ContinuousClock.now
        let count = try await TrainingDataTransfer(database: database).exportCSV(to: out)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        Output.line("exported \(count) records to \(out) in \(String(format: "%.2f", seconds)) s")
    }
}
