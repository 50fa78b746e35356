import ArgumentParser
import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachStore

/// The options of every subcommand that plays through the sound card.
struct AudioOptions: ParsableArguments {
    @Option(help: "The ALSA playback device (`peach devices` lists them).")
    var device = "default"

    @Option(name: .customLong("buffer-ms"), help: "The output buffer, in milliseconds (2–100): the latency it adds.")
    var bufferMilliseconds = 10.0

    @Option(name: .customLong("latency-trace"), help: .hidden)
    var latencyTrace: String?

    func validate() throws {
        guard (2...100).contains(bufferMilliseconds) else {
            throw ValidationError("--buffer-ms must be within 2–100, got \(bufferMilliseconds)")
        }
    }

    /// Opens the device and starts streaming `synthesizer` to it; a device that cannot be opened is
    /// one line that says how to find one that can.
    func start(_ synthesizer: Synthesizer) throws -> ALSAOutput {
        let buffer = Duration.microseconds(Int64(bufferMilliseconds * 1000))
        let output: ALSAOutput
        do {
            output = try ALSAOutput(
                configuration: .init(device: device, bufferTime: buffer, periodTime: buffer / 4),
                synthesizer: synthesizer, onChangeAudible: latencyTrace.map(Self.trace(to:)))
        } catch {
            throw PeachFailure("\(error); `peach devices` lists the playback devices")
        }
        output.start()
        return output
    }

    /// For the benchmarks: one line per change that reached the speaker, with its CLOCK_MONOTONIC time.
    private static func trace(to path: String) -> @Sendable (Double) -> Void {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        return { seconds in
            let line = Array(String(format: "audible %.6f\n", seconds).utf8)
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

/// The training settings a terminal session may override for itself; everything else comes from the
/// settings saved in the database (the web app's Settings screen).
struct TrainingOptions: ParsableArguments {
    @Option(name: .customLong("note-duration"), help: "Seconds each note sounds (0.3–3.0); default: the saved setting.")
    var noteDuration: Double?

    @Option(help: "The pitch of A4 in hertz (380–500); default: the saved setting.")
    var reference: Double?

    private var overrides: SettingsUpdate {
        SettingsUpdate(noteDurationSeconds: noteDuration, referencePitchHz: reference)
    }

    func validate() throws {
        do {
            _ = try PeachSettings.default.applying(overrides)
        } catch {
            throw ValidationError("--\(error.field == "noteDurationSeconds" ? "note-duration" : "reference") \(error.message)")
        }
    }

    /// The saved settings with this session's overrides on top.
    func settings(in database: PeachDatabase) async throws -> TrainingSettings {
        var settings = PeachSettings.default
        if let saved = try await SQLiteSettingsStore(database: database).loadSettings() {
            settings = (try? settings.applying(saved)) ?? settings
        }
        return try settings.applying(overrides).training
    }
}
