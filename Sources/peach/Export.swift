import ArgumentParser
import Foundation
import PeachServices
import PeachStore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every training record to a CSV file (format: docs/data-format.md).")

    @Option(
        name: .shortAndLong,
        help: "The CSV file to write (replaced whole, never left half-written); - writes to standard output.")
    var output: String?

    /// The spelling before -o/--output.
    @Option(name: .customLong("out"), help: .hidden)
    var out: String?

    @OptionGroup var storage: StoreOptions

    func validate() throws {
        if output == nil, out == nil { throw ValidationError("Missing expected argument '-o/--output <output>'") }
        if output != nil, out != nil {
            throw ValidationError("--out is the old spelling of -o/--output: give one of them")
        }
    }

    func run() async throws {
        // Exporting must not create an empty database where none was.
        if storage.database.url == nil, storage.user == nil,
            !FileManager.default.fileExists(atPath: storage.data.resolvedPath)
        {
            throw PeachFailure("there is no Peach database at \(storage.data.resolvedPath)")
        }
        let out = (output ?? out)!
        let stores = try await storage.open(writing: false)
        let started = ContinuousClock.now
        let count: Int
        do {
            count =
                out == "-"
                ? try await Self.exportToStandardOutput(stores.transfer) : try await stores.transfer.exportCSV(to: out)
        } catch {
            await stores.close()
            throw error
        }
        await stores.close()
        let seconds = String(format: "%.2f", (ContinuousClock.now - started) / .seconds(1))
        if out == "-" {
            // Standard output holds the file alone.
            FileHandle.standardError.write(Data("exported \(count) records to standard output in \(seconds) s\n".utf8))
        } else {
            Output.line("exported \(count) records to \(out) in \(seconds) s")
        }
    }

    /// The export is written whole to a temporary file first (one read transaction, as to a
    /// file), then copied out: a failed read sends nothing rather than half a file.
    private static func exportToStandardOutput(_ transfer: any TrainingDataTransferring) async throws -> Int {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("peach-export-XXXXXX").path.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw PeachFailure("no temporary directory for the export: \(String(cString: strerror(errno)))")
        }
        let directory = URL(fileURLWithPath: String(cString: template), isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("peach.csv")
        let count = try await transfer.exportCSV(to: file.path)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        do {
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                try FileHandle.standardOutput.write(contentsOf: chunk)
            }
        } catch {
            throw PeachFailure("the export could not be written to standard output: \(error.localizedDescription)")
        }
        return count
    }
}
