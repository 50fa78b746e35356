import ArgumentParser
import Foundation
import PeachCore
import PeachServices
import PeachStore

extension ImportMode: EnumerableFlag {
    public static func help(for value: ImportMode) -> ArgumentHelp? {
        switch value {
        case .merge: "Add the file's records, skipping any already stored (same kind, time and fields)."
        case .replace:
            "Delete the records stored when the import begins and keep the file's (answers stored meanwhile stay)."
        }
    }
}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read training records from a CSV file: a Peach export or one from Peach for iPhone.",
        discussion:
            "One bad row rejects the whole file, naming the line, and nothing is written; no one sees any of it before all of it is in."
    )

    @Argument(help: "The CSV file.")
    var file: String

    @Flag(help: "How the file's records join the stored ones.")
    var mode: ImportMode

    @OptionGroup var storage: StoreOptions

    func run() async throws {
        guard let size = try? URL(fileURLWithPath: file).resourceValues(forKeys: [.fileSizeKey]).fileSize,
            let handle = FileHandle(forReadingAtPath: file)
        else {
            throw PeachFailure("cannot read \(file)")
        }
        defer { try? handle.close() }
        guard size <= TrainingDataParser.maximumBytes else {
            throw PeachFailure("\(file) has \(size) bytes; at most \(TrainingDataParser.maximumBytes) can be imported")
        }
        // Files this small are done before a progress line could be read.
        let progress = ProgressLine(enabled: size >= 4 << 20)
        // Read a megabyte at a time: the import holds one piece and one batch, not the file.
        let source = TrainingDataSource(expectedBytes: size) {
            guard let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty else { return nil }
            return Array(piece)
        }
        let stores = try await storage.open()
        let summary: ImportSummary
        do throws(ImportFailure) {
            summary = try await stores.transfer.importRecords(from: source, mode: mode) {
                progress.show("importing", $0)
            }
        } catch {
            await stores.close()
            FileHandle.standardError.write(Data("peach import: nothing was imported: \(error)\n".utf8))
            throw ExitCode.failure
        }
        // The server's next start (and `peach profile`) would otherwise fold the imported records
        // into the profile while the user waits for the page (11–17 s for a million on a debug
        // build): folded here instead, while they already wait for the import.
        if summary.imported > 0, let snapshot = stores.profileSnapshot {
            await (try ProfileService.load(from: stores.records, snapshotFile: snapshot)).snapshotSaved()
        }
        await stores.close()
        let counts = Discipline.allCases.map { "\(summary.byDiscipline[$0] ?? 0) \($0)" }.joined(separator: ", ")
        Output.line(
            "imported \(summary.imported) records (\(counts)) from \(summary.format), \(mode.rawValue) mode; "
                + "\(summary.duplicatesSkipped) duplicates skipped")
        for skipped in summary.skipped {
            Output.line("not imported: \(skipped.count) \(skipped.reason)")
        }
    }
}

/// "importing 40%" on standard error, once per tenth, so a large import shows it is alive.
private final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var lastTenth = -1

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ phase: String, _ fraction: Double) {
        guard enabled else { return }
        let tenth = Int(fraction * 10)
        let changed = lock.withLock {
            defer { lastTenth = tenth }
            return lastTenth != tenth
        }
        if changed { FileHandle.standardError.write(Data("\(phase) \(tenth * 10)%\n".utf8)) }
    }
}
