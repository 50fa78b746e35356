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

    @OptionGroup var storage: StoreOptions

    func validate() throws {
        if output == nil, out == nil { throw ValidationError("Missing expected argument '-o/--output <output>'") }
        if output != nil, out != nil { throw ValidationError("--out is the old spelling of -o/--output: give one of them") }
    }

    func run() async throws {
        // Exporting must not create an empty database where none was.
        if storage.database.url == nil, storage.user == nil, !FileManager.default.fileExists(atPath: storage.data.resolvedPath) {
            throw PeachFailure("there is no Peach database at \(storage.data.resolvedPath)")
        }
        let out = (output ?? out)!
        let stores = try await storage.open(writing: false)
        let started = ContinuousClock.now
        let count: Int
        do {
            count = try await stores.transfer.exportCSV(to: out)
        } catch {
            await stores.close()
            throw error
        }
        await stores.close()
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        Output.line("exported \(count) records to \(out) in \(String(format: "%.2f", seconds)) s")
    }
}
