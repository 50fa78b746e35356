import ArgumentParser
import Foundation
import PeachAudio
import PeachCore
import PeachServices

struct Measure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure my threshold: at most 40 pitch comparisons, each where its answer says most about your threshold (↑ or k higher, ↓ or j lower; q stops), then the threshold with its 95 % interval.",
        discussion: "The answers are stored as comparisons of the pitchMeasurement discipline: the run is kept as a measurement (the Profile draws it, and pitch training starts from it), and a run left unfinished goes on at the next `peach measure` or in the browser. It ends early once the interval's upper end is within 1.5 × its lower end.")

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions

    @Option(name: .customLong("max-trials"), help: "Stop after this many answers (1–40); the run goes on next time. Default: until the run ends.")
    var maxTrials = ThresholdPlacement.maximumTrials

    func validate() throws {
        guard (1...ThresholdPlacement.maximumTrials).contains(maxTrials) else {
            throw ValidationError("--max-trials must be from 1 to \(ThresholdPlacement.maximumTrials), got \(maxTrials)")
        }
    }

    func run() async throws {
        let stores = try await storage.open()
        let settings = try await note.settings(in: stores.settings)
        let synthesizer = try sound.synthesizer(settings: SynthesisSettings(), fallback: settings.soundSource.rawValue)
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let profile = await (try await ProfileService.load(from: stores.records)).parts
        let trials = TrialSource(chains: try await TrialChains.resuming(from: stores.records, profile: profile))
        let runs = profile[PitchProfiles.self][ProfileScope.scope(of: .pitchMeasurement)].measurements
        let answered = Counter()
        let source = MeasurementComparisons(
            feed: trials.feed(ComparisonKind.self, .pitchMeasurement, settings: settings), measurements: runs
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
        Output.line("Measure my threshold: up to \(ThresholdPlacement.maximumTrials) comparisons\(resumed). Was the second note higher (↑ or k) or lower (↓ or j)? q stops.")
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
