import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Rhythm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare Timing in the terminal: four clicks, the third early (← or e) or late (→ or l); q quits.",
        discussion: "Answers are stored with the web app's. Fill the Gap (tapping) is in the browser only: a terminal reports a key when it is read, not when it was pressed, so its taps cannot be timed to the millisecond.")

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions

    @Option(help: "Tempo in beats per minute (40–200); default: the saved setting.")
    var tempo: Int?

    func validate() throws {
        if let tempo, TempoBPM(tempo) == nil {
            throw ValidationError("--tempo must be a whole number from \(TempoBPM.range.lowerBound) to \(TempoBPM.range.upperBound), got \(tempo)")
        }
    }

    func run() async throws {
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: SettingsUpdate(tempoBPM: tempo))
        let trials = try await TrialSource.resuming(from: stores.records)
        let synthesizer = Synthesizer()
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let driver = RhythmComparisonSessionDriver(
            player: SynthesizerClickPlayer(synthesizer: synthesizer), store: stores.records,
            source: trials.feed(RhythmComparisonKind.self, .rhythmComparison, settings: settings), clock: ContinuousClock(),
            onFeedback: { isCorrect in Output.line(isCorrect ? "✓" : "✗\u{07}") },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        Output.line("Compare Timing at \(settings.tempo.rawValue) BPM. Was the third click early (← or e) or late (→ or l)? q quits.")
        await driver.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case .left: await driver.answer(.early)
            case .right: await driver.answer(.late)
            case .quit, .audioFailed: break inputs
            case .up, .down, .pageUp, .pageDown, .enter, .digit, .midi: continue
            }
        }
        // An unanswered trial is discarded; every answered one is already stored.
        await driver.stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }
}
