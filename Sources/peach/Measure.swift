import ArgumentParser
import Foundation
import PeachAudio
import PeachCore
import PeachServices

struct Measure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure my threshold: at most 40 pitch or interval comparisons, each where its answer says most about your threshold (↑ or k higher, ↓ or j lower; q stops), then the threshold with its 95 % interval.",
        discussion: "The answers are stored as comparisons of the pitchMeasurement discipline (intervalMeasurement with --discipline intervals): the run is kept as a measurement (the Profile shows it, and that discipline's training starts from it), and a run left unfinished goes on at the next `peach measure` of the discipline or in the browser. It ends early once the interval's upper end is within 1.5 × its lower end. An interval run measures the intervals chosen (--interval, else the saved setting) together.")

    /// What is measured: the names the terminal uses for the measurement disciplines.
    enum Measured: String, ExpressibleByArgument, CaseIterable {
        case pitch, intervals

        var discipline: Discipline {
            switch self {
            case .pitch: .pitchMeasurement
            case .intervals: .intervalMeasurement
            }
        }
    }

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions

    @Option(help: "What to measure: pitch (unison, the default) or intervals (the intervals of --interval, else the saved ones). --interval alone implies intervals.")
    var discipline: Measured?

    @Option(name: .customLong("max-trials"), help: "Stop after this many answers (1–40); the run goes on next time. Default: until the run ends.")
    var maxTrials = ThresholdPlacement.maximumTrials

    /// --interval measures intervals unless the discipline says otherwise.
    private var measured: Measured { discipline ?? (training.trainsIntervals ? .intervals : .pitch) }

    func validate() throws {
        if discipline == .pitch, training.trainsIntervals {
            throw ValidationError("--interval measures intervals: use --discipline intervals, or leave --interval out to measure pitch")
        }
        guard (1...ThresholdPlacement.maximumTrials).contains(maxTrials) else {
            throw ValidationError("--max-trials must be from 1 to \(ThresholdPlacement.maximumTrials), got \(maxTrials)")
        }
    }

    func run() async throws {
        let stores = try await storage.open()
        let settings = try await training.settings(in: stores.settings)
        let measuring = measured.discipline
        let synthesizer = try sound.synthesizer(settings: SynthesisSettings(), fallback: settings.soundSource.rawValue)
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let profile = await (try await ProfileService.load(from: stores.records)).parts
        let trials = TrialSource(chains: try await TrialChains.resuming(from: stores.records, profile: profile))
        let runs = profile[PitchProfiles.self][ProfileScope.scope(of: measuring)].measurements
        let answered = Counter()
        let source = MeasurementComparisons(
            feed: trials.feed(ComparisonKind.self, measuring, settings: settings), measurements: runs
        ) { measurement in
            Output.line(Self.result(measurement.estimate))
            terminal.send(.quit)
        }
        let driver = ComparisonSessionDriver(
            timing: .init(
                noteDuration: .seconds(settings.noteDurationSeconds), noteGap: .seconds(settings.noteGapSeconds),
                referencePitch: settings.referencePitch),
            player: SynthesizerNotePlayer(synthesizer: synthesizer), store: stores.records, source: source,
            clock: ContinuousClock(),
            onFeedback: { isCorrect in
                Output.line(isCorrect ? "✓" : "✗\u{07}")
                if answered.increment() == maxTrials { terminal.send(.quit) }
            },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        let resumed = runs.run.isEmpty ? "" : " (going on from trial \(runs.nextTrialNumber))"
        let what = measured == .intervals
            ? "intervals (\(settings.intervals.map(\.spelled).joined(separator: ", ")), \(settings.tuningSystem.rawValue)), "
            : ""
        Output.line("Measure my threshold: \(what)up to \(ThresholdPlacement.maximumTrials) comparisons\(resumed). Was the second note higher (↑ or k) or lower (↓ or j)\(measured == .intervals ? " than the interval" : "")? q stops.")
        await driver.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case .up: await driver.answer(.higher)
            case .down: await driver.answer(.lower)
            case .quit, .audioFailed: break inputs
            case .pageUp, .pageDown, .enter, .left, .right, .digit, .midi: continue
            }
        }
        let unfinished = await source.measurements.run
        if !unfinished.isEmpty {
            Output.line("Stopped at trial \(unfinished.count) of at most \(ThresholdPlacement.maximumTrials): it goes on next time.")
        }
        // The comparison drawn after the last answer is discarded; every answered one is stored.
        await driver.stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }

    static func result(_ estimate: ThresholdEstimate) -> String {
        let cents = { (value: Cents) in String(format: "%.1f", value.rawValue) }
        let interval = estimate.upperIsOpen
            ? "95 % interval: above \(cents(estimate.lower)) ¢, open above"
            : "95 % interval \(cents(estimate.lower))–\(cents(estimate.upper)) ¢"
        return "Your threshold: \(cents(estimate.threshold)) ¢ (\(interval)), measured in \(estimate.trialCount) comparisons."
    }

    /// The answers of this session, counted from the feedback callback.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func increment() -> Int { lock.withLock { count += 1; return count } }
    }
}
