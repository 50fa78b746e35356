import Foundation
import PeachCore

/// The two files of `--export-trials`, written cell by cell as the cells are simulated.
struct SimulationTrialFiles {
    let trials: FileHandle
    let fits: FileHandle

    init(directory: String) throws {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw PeachFailure("cannot create the directory \(url.path) for --export-trials")
        }
        func create(_ name: String, header: String) throws -> FileHandle {
            let file = url.appendingPathComponent(name)
            guard FileManager.default.createFile(atPath: file.path, contents: Data((header + "\n").utf8)) else {
                throw PeachFailure("cannot write \(file.path)")
            }
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            return handle
        }
        trials = try create("trials.csv", header: SimulatedTrialsExport.trialsHeader)
        fits = try create("fits.csv", header: SimulatedTrialsExport.fitsHeader)
    }

    /// `tracker` reads each run's answers as the Profile's headline does, beside the run's fixed fit.
    func write(_ results: [ThresholdSimulation.Run], of listener: SimulatedListener, tracker: ThresholdTracker) throws {
        var trialLines = ""
        var fitLines = ""
        for (index, run) in results.enumerated() {
            for row in SimulatedTrialsExport.trialRows(run, number: index + 1, of: listener) {
                trialLines += row + "\n"
            }
            fitLines +=
                SimulatedTrialsExport.fitRow(
                    run, tracked: tracker.estimate(run.trials), number: index + 1, of: listener) + "\n"
        }
        try trials.write(contentsOf: Data(trialLines.utf8))
        try fits.write(contentsOf: Data(fitLines.utf8))
    }
}
