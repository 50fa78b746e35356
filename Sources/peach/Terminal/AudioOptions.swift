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
    /// one line that says how to find one that can. `onChangeAudible` hears, on CLOCK_MONOTONIC,
    /// when each change of the synthesizer reaches the speaker.
    func start(_ synthesizer: Synthesizer, onChangeAudible: (@Sendable (Double) -> Void)? = nil) throws -> ALSAOutput {
        let buffer = Duration.microseconds(Int64(bufferMilliseconds * 1000))
        var audible = latencyTrace.map(Self.trace(to:))
        if let onChangeAudible, let trace = audible {
            audible = { seconds in
                trace(seconds)
                onChangeAudible(seconds)
            }
        } else if let onChangeAudible {
            audible = onChangeAudible
        }
        let output: ALSAOutput
        do {
            output = try ALSAOutput(
                configuration: .init(device: device, bufferTime: buffer, periodTime: buffer / 4),
                synthesizer: synthesizer, onChangeAudible: audible)
        } catch {
            throw PeachFailure("\(error); `peach devices` lists the playback devices")
        }
        output.start()
        return output
    }

    /// For the benchmarks: one line per change that reached the speaker, with its CLOCK_MONOTONIC time.
    private static func trace(to path: String) -> @Sendable (Double) -> Void {
        let line = traceLines(to: path)
        return { seconds in line(String(format: "audible %.6f", seconds)) }
    }

    /// Appends lines to the latency trace, each in one write (the audio thread and others share it).
    static func traceLines(to path: String) -> @Sendable (String) -> Void {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        return { text in
            let line = Array((text + "\n").utf8)
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

/// The settings every terminal session may override for itself; everything else comes from the
/// settings saved in the database (the web app's Settings screen).
struct NoteOptions: ParsableArguments {
    @Option(name: .customLong("note-duration"), help: "Seconds each note sounds (0.3–3.0); default: the saved setting.")
    var noteDuration: Double?

    @Option(help: "The pitch of A4 in hertz (380–500); default: the saved setting.")
    var reference: Double?

    func validate() throws { try Self.validate(overrides) }

    var overrides: SettingsUpdate { SettingsUpdate(noteDurationSeconds: noteDuration, referencePitchHz: reference) }

    func settings(in store: any SettingsStore) async throws -> TrainingSettings {
        try await Self.settings(in: store, overrides: overrides)
    }

    /// Each setting's option; a kind's own settings name theirs in their declaration.
    private static let flags = [
        "noteDurationSeconds": "note-duration", "referencePitchHz": "reference", "intervals": "interval",
        "tuningSystem": "tuning",
    ].merging(
        TrainingKinds.ownSettingFields.compactMap { field in
            field.terminalFlag.map { (field.name, $0) }
        }
    ) { $1 }

    /// A refused override is a usage error naming its option.
    static func validate(_ overrides: SettingsUpdate) throws {
        do {
            _ = try PeachSettings.default.applying(overrides)
        } catch {
            throw ValidationError("--\(flags[error.field] ?? error.field) \(error.message)")
        }
    }

    /// The saved settings with a session's overrides on top.
    // Never inlined, nor `saved(in:)`: inlined into the training commands' async loops, they made the
    // release build's LLVM crash (signal 11, splitting ChoiceTraining.run's and Dictation.run's
    // coroutines), so `scripts/start.sh` built nothing.
    @inline(never)
    static func settings(in store: any SettingsStore, overrides: SettingsUpdate) async throws -> TrainingSettings {
        try await saved(in: store).applying(overrides).training
    }

    /// The saved settings, or the defaults where none are saved or they no longer apply.
    @inline(never)
    static func saved(in store: any SettingsStore) async throws -> PeachSettings {
        guard let saved = try await store.loadSettings() else { return .default }
        return (try? PeachSettings.default.applying(saved)) ?? .default
    }
}

/// What a comparison or matching session may override: the note options and the intervals.
struct TrainingOptions: ParsableArguments {
    @OptionGroup var note: NoteOptions

    @Option(
        name: .customLong("interval"),
        help:
            "Train intervals: P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8, with up (default) or down appended (P5, M3down); repeat for several. Default: unison; --interval alone without a value is not allowed."
    )
    var intervals: [String] = []

    @Option(
        help:
            "With --interval: equal (equal temperament) or just (just intonation from the played note); default: the saved setting."
    )
    var tuning: String?

    /// Interval disciplines when --interval is given.
    var trainsIntervals: Bool { !intervals.isEmpty }

    var overrides: SettingsUpdate {
        var update = note.overrides
        update.intervals =
            intervals.isEmpty
            ? nil
            : intervals.map { text in
                let interval = DirectedInterval(spelled: text)
                return SettingsUpdate.IntervalChoice(
                    name: interval?.interval.rawValue ?? text, direction: interval?.direction.rawValue)
            }
        update.tuningSystem = tuning.map(TuningOption.setting)
        return update
    }

    func validate() throws {
        if let bad = intervals.first(where: { DirectedInterval(spelled: $0) == nil }) {
            throw ValidationError(
                "--interval '\(bad)' is not an interval: use P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8, optionally followed by up or down (P5, M3down)"
            )
        }
        if tuning != nil, intervals.isEmpty {
            throw ValidationError("--tuning applies to intervals: give at least one --interval")
        }
        try TuningOption.validate(tuning)
        try NoteOptions.validate(overrides)
    }

    /// The saved settings with this session's overrides on top.
    func settings(in store: any SettingsStore) async throws -> TrainingSettings {
        try await NoteOptions.settings(in: store, overrides: overrides)
    }
}
