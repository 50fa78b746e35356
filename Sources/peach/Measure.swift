import ArgumentParser
import Foundation
import PeachAudio
import PeachCore
import PeachServices

struct Measure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Measure my threshold: at most 40 pitch or interval comparisons (↑ or k higher, ↓ or j lower), Compare Timing trials (← or e early, → or l late) or Which Voice? chords (↑ highest, → middle, ↓ lowest), each where its answer says most about your threshold (q stops), then the threshold and where it likely lies.",
        discussion:
            "The answers are stored as comparisons of the pitchMeasurement discipline (intervalMeasurement with --discipline intervals; Compare Timing answers of timingMeasurement with --discipline timing, at the saved tempo; Which Voice? answers of chordIntonationMeasurement with --discipline chords, in the saved tuning, for a choice of three): the run is kept as a measurement (the Profile shows it, and that discipline's training starts from it), and a run left unfinished goes on at the next `peach measure` of the discipline or in the browser. It ends early once the interval's upper end is within 1.5 × its lower end. An interval run measures the intervals chosen (--interval, else the saved setting) together; a timing run is kept per tempo band."
    )

    /// What is measured: the names the terminal uses for the measurement disciplines.
    enum Measured: String, ExpressibleByArgument, CaseIterable {
        case pitch, intervals, timing, chords

        var discipline: Discipline {
            switch self {
            case .pitch: .pitchMeasurement
            case .intervals: .intervalMeasurement
            case .timing: .timingMeasurement
            case .chords: .chordIntonationMeasurement
            }
        }
    }

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions

    @Option(
        help:
            "What to measure: pitch (unison, the default), intervals (the intervals of --interval, else the saved ones), timing (Compare Timing at the saved tempo) or chords (Which Voice? in the saved tuning). --interval alone implies intervals."
    )
    var discipline: Measured?

    @Option(
        name: .customLong("max-trials"),
        help: "Stop after this many answers (1–40); the run goes on next time. Default: until the run ends.")
    var maxTrials = ThresholdPlacement.maximumTrials

    /// --interval measures intervals unless the discipline says otherwise.
    private var measured: Measured { discipline ?? (training.trainsIntervals ? .intervals : .pitch) }

    func validate() throws {
        if let discipline, discipline != .intervals, training.trainsIntervals {
            throw ValidationError(
                "--interval measures intervals: use --discipline intervals, or leave --interval out to measure \(discipline)"
            )
        }
        guard (1...ThresholdPlacement.maximumTrials).contains(maxTrials) else {
            throw ValidationError(
                "--max-trials must be from 1 to \(ThresholdPlacement.maximumTrials), got \(maxTrials)")
        }
    }

    func run() async throws {
        let stores = try await storage.open()
        let settings = try await training.settings(in: stores.settings)
        let measuring = measured.discipline
        // Clicks need no instrument.
        let synthesizer =
            switch measured {
            case .timing: Synthesizer()
            case .chords:
                try sound.synthesizer(
                    settings: SynthesisSettings(), saved: settings.soundSource,
                    kind: ChordIntonationKind.self)
            case .pitch, .intervals:
                try sound.synthesizer(settings: SynthesisSettings(), saved: settings.soundSource)
            }
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let profile = await (try await ProfileService.load(from: stores.records)).parts
        let trials = TrialSource(chains: try await TrialChains.resuming(from: stores.records, profile: profile))
        let answered = Counter()
        let onFeedback: @Sendable (Bool) -> Void = { isCorrect in
            Output.line(isCorrect ? "✓" : "✗\u{07}")
            if answered.increment() == maxTrials { terminal.send(.quit) }
        }
        let onError: @Sendable (any Error) -> Void = { error in TrainingErrors.report(error, to: terminal) }
        let run =
            switch measured {
            case .timing:
                Self.timingRun(
                    settings: settings, profile: profile, trials: trials, synthesizer: synthesizer,
                    store: stores.records, terminal: terminal,
                    onFeedback: onFeedback, onError: onError)
            case .chords:
                Self.chordRun(
                    settings: settings, profile: profile, trials: trials, synthesizer: synthesizer,
                    store: stores.records, terminal: terminal,
                    onFeedback: onFeedback, onError: onError)
            case .pitch, .intervals:
                Self.comparisonRun(
                    measuring, settings: settings, profile: profile, trials: trials, synthesizer: synthesizer,
                    store: stores.records,
                    terminal: terminal, onFeedback: onFeedback, onError: onError)
            }

        let resumed = run.resumedAt.map { " (going on from trial \($0))" } ?? ""
        switch measured {
        case .chords:
            let tuning = settings.tuningSystem == .justIntonation ? "just intonation" : "equal temperament"
            Output.line(
                "Measure my threshold in chords: triads in \(tuning), up to \(ThresholdPlacement.maximumTrials) chords\(resumed). Which voice is out of tune: highest (↑ or k), middle (→ or l), lowest (↓ or j)? q stops."
            )
        case .timing:
            Output.line(
                "Measure my timing threshold at \(settings.tempo.rawValue) BPM: up to \(ThresholdPlacement.maximumTrials) trials\(resumed). Was the third click early (← or e) or late (→ or l)? q stops."
            )
        case .pitch, .intervals:
            let what =
                measured == .intervals
                ? "intervals (\(settings.intervals.map(\.spelled).joined(separator: ", ")), \(settings.tuningSystem.rawValue)), "
                : ""
            Output.line(
                "Measure my threshold: \(what)up to \(ThresholdPlacement.maximumTrials) comparisons\(resumed). Was the second note higher (↑ or k) or lower (↓ or j)\(measured == .intervals ? " than the interval" : "")? q stops."
            )
        }
        await run.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case .quit, .audioFailed: break inputs
            default: await run.answer(input)
            }
        }
        let unfinished = await run.unfinished()
        if unfinished > 0 {
            Output.line(
                "Stopped at trial \(unfinished) of at most \(ThresholdPlacement.maximumTrials): it goes on next time.")
        }
        // The trial drawn after the last answer is discarded; every answered one is stored.
        await run.stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }

    /// A run's driver as the input loop uses it, whatever the kind measured.
    struct Run {
        /// The trial number a run left unfinished goes on from; nil for a new run.
        let resumedAt: Int?
        let start: () async -> Void
        /// Answers with the key, when the kind takes it.
        let answer: (TerminalInput) async -> Void
        let stop: () async -> Void
        /// How many answers the run under way has when the user stops.
        let unfinished: () async -> Int
    }

    static func comparisonRun(
        _ measuring: Discipline, settings: TrainingSettings, profile: ProfileParts, trials: TrialSource,
        synthesizer: Synthesizer,
        store: any TrainingDataStore, terminal: TerminalSession,
        onFeedback: @escaping @Sendable (Bool) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> Run {
        let runs = profile[PitchProfiles.self][ProfileScope.scope(of: measuring)].measurements
        let source = MeasurementComparisons(
            feed: trials.feed(ComparisonKind.self, measuring, settings: settings), measurements: runs
        ) { measurement in
            Output.line(result(measurement.estimate))
            terminal.send(.quit)
        }
        let driver = TrainingSessionDriver(
            ChoicePiece<ComparisonKind>(settings: settings),
            player: TonePlayer(SynthesizerNotePlayer(synthesizer: synthesizer)),
            store: store, source: source, clock: ContinuousClock(),
            onFeedback: { record in onFeedback(record.isCorrect) }, onError: onError)
        return Run(driver: driver, source: source, runs: runs) { input in
            switch input {
            case .up: .higher
            case .down: .lower
            default: nil
            }
        }
    }

    /// Compare Timing at the saved tempo; its runs are kept per tempo band.
    static func timingRun(
        settings: TrainingSettings, profile: ProfileParts, trials: TrialSource, synthesizer: Synthesizer,
        store: any TrainingDataStore, terminal: TerminalSession,
        onFeedback: @escaping @Sendable (Bool) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> Run {
        let runs = profile[RhythmProfile.self].measurementRuns[settings.tempo.band] ?? TimingChain.freshRuns
        let source = MeasurementComparisons(
            feed: trials.feed(RhythmComparisonKind.self, .timingMeasurement, settings: settings), measurements: runs
        ) { measurement in
            Output.line(timingResult(TimingMeasurement(measurement, tempo: settings.tempo)))
            terminal.send(.quit)
        }
        let driver = TrainingSessionDriver(
            RhythmComparisonPiece(settings: settings),
            player: ClickTrialPlayer(SynthesizerClickPlayer(synthesizer: synthesizer)),
            store: store, source: source, clock: ContinuousClock(),
            onFeedback: { record in onFeedback(record.isCorrect) }, onError: onError)
        return Run(driver: driver, source: source, runs: runs) { input in
            switch input {
            case .left: .early
            case .right: .late
            default: nil
            }
        }
    }

    /// Which Voice? in the saved tuning, for a choice of three; its runs are the chord profile's.
    static func chordRun(
        settings: TrainingSettings, profile: ProfileParts, trials: TrialSource, synthesizer: Synthesizer,
        store: any TrainingDataStore, terminal: TerminalSession,
        onFeedback: @escaping @Sendable (Bool) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> Run {
        let runs = profile[ChordIntonationProfile.self].measurements
        let source = MeasurementComparisons(
            feed: trials.feed(ChordIntonationKind.self, .chordIntonationMeasurement, settings: settings),
            measurements: runs
        ) { measurement in
            Output.line(result(measurement.estimate, trials: "chords", in: " in chords"))
            terminal.send(.quit)
        }
        let driver = TrainingSessionDriver(
            ChoicePiece<ChordIntonationKind>(settings: settings),
            player: TonePlayer(SynthesizerNotePlayer(synthesizer: synthesizer)),
            store: store, source: source, clock: ContinuousClock(),
            onFeedback: { record in onFeedback(record.isCorrect) }, onError: onError)
        return Run(driver: driver, source: source, runs: runs) { input in
            switch input {
            case .up: .highest
            case .right: .middle
            case .down: .lowest
            default: nil
            }
        }
    }

    static func timingResult(_ measured: TimingMeasurement) -> String {
        let estimate = measured.measurement.estimate
        let figure = { (percent: Cents) in
            String(format: "%.1f %% of a sixteenth, %.1f ms", percent.rawValue, measured.milliseconds(percent.rawValue))
        }
        let tempo = "\(measured.tempo.rawValue) BPM"
        let stated =
            estimate.upperIsOpen
            ? "at least \(figure(estimate.lower)) at \(tempo)"
            : "\(figure(estimate.threshold)) at \(tempo), likely between "
                + String(format: "%.1f and %.1f %%", estimate.lower.rawValue, estimate.upper.rawValue)
        return "Your timing threshold: \(stated), measured in \(estimate.trialCount) trials."
    }

    static func result(_ estimate: ThresholdEstimate, trials: String = "comparisons", in place: String = "") -> String {
        let cents = { (value: Cents) in String(format: "%.1f", value.rawValue) }
        // In the page's words: where the threshold likely lies, or "at least" when the answers bound it from below only.
        let stated =
            estimate.upperIsOpen
            ? "at least \(cents(estimate.lower)) ¢"
            : "\(cents(estimate.threshold)) ¢, likely between \(cents(estimate.lower)) and \(cents(estimate.upper)) ¢"
        return "Your threshold\(place): \(stated), measured in \(estimate.trialCount) \(trials)."
    }

    /// The answers of this session, counted from the feedback callback.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func increment() -> Int {
            lock.withLock {
                count += 1
                return count
            }
        }
    }
}

extension Measure.Run {
    /// A run of `driver` on `source`'s trials, answered by the kind's answer that `answer` reads
    /// from a key (nil: the key does not answer).
    init<Piece: SessionPiece, Kind: TrainingKind>(
        driver: TrainingSessionDriver<Piece>, source: MeasurementComparisons<Kind>, runs: ThresholdMeasurements,
        answer: @escaping (TerminalInput) -> Piece.Kind.Answer?
    ) where Kind.Record: MeasuredAnswer {
        self.init(
            resumedAt: runs.run.isEmpty ? nil : runs.nextTrialNumber, start: { await driver.start() },
            answer: { input in if let chosen = answer(input) { await driver.answer(chosen) } },
            stop: { await driver.stop() }, unfinished: { await source.measurements.run.count })
    }
}
