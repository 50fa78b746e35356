import ArgumentParser
import Foundation
import PeachStore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every training record to a CSV file (format: docs/data-format.md).")

    @Option(name: .shortAndLong, help: "The CSV file to write (replaced whole, never left half-written).")
    var output: String?

    /// The spelling before -o/--output.
    @Option(name: .customLong("out"), help: .hidden)
    var out: String?

    @OptionGroup var data: DataOption

    func validate() throws {
        if output == nil, out == nil { throw ValidationError("Missing expected argument '-o/--output <output>'") }
        if output != nil, out != nil { throw ValidationError("--out is the old spelling of -o/--output: give one of them") }
    }

    func run() async throws {
        let path = data.resolvedPath
        guard FileManager.default.fileExists(atPath: path) else { throw PeachFailure("there is no Peach database at \(path)") }
        let out = (output ?? out)!
        let database = try PeachDatabase(path: path)
        let started = ContinuousClock.now
        let count = try await TrainingDataTransfer(database: database).exportCSV(to: out)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        Output.line("exported \(count) records to \(out) in \(String(format: "%.2f", seconds)) s")
    }
}
