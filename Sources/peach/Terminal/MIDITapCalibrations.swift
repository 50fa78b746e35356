import Foundation

/// Each MIDI keyboard's tap calibration (`peach rhythm --calibrate --midi PORT`), kept on this
/// machine as the browser keeps its own per device and per keyboard: a keyboard is plugged into a
/// machine, and its delay is not the settings every device shares. One JSON object from the
/// `--midi` value to milliseconds, in `$XDG_STATE_HOME/peach/midi-tap-latency.json`.
struct MIDITapCalibrations {
    let path: String

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let stateHome =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        path = stateHome + "/peach/midi-tap-latency.json"
    }

    private func all() -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONDecoder().decode([String: Double].self, from: data)) ?? [:]
    }

    func latencyMs(for port: String) -> Double? { all()[port] }

    func store(_ latencyMs: Double, for port: String) throws {
        var calibrations = all()
        calibrations[port] = latencyMs
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(calibrations).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PeachFailure("cannot keep the calibration in \(path): \(error.localizedDescription)")
        }
    }
}
