import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Intonation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Which Voice? in the terminal: a held triad, one voice out of tune: ↑ highest, → middle, ↓ lowest; q quits.",
        discussion: "The chord is tuned from the root played: just intonation (4:5:6, 10:12:15) or equal temperament. Answers are stored with the web app's.")

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions

    @Option(help: "equal (equal temperament) or just (just intonation from the played root); default: the saved setting.")
    var tuning: String?

    private var overrides: SettingsUpdate {
        var update = note.overrides
        update.tuningSystem = tuning.map { ["equal": "equalTemperament", "just": "justIntonation"][$0] ?? $0 }
        return update
    }

    func validate() throws {
        if let tuning, !["equal", "just"].contains(tuning) {
            throw ValidationError("--tuning must be equal or just, got '\(tuning)'")
        }
        try NoteOptions.validate(overrides)
    }

    func run() async throws {
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: overrides)
        let trials = try await TrialSource.resuming(from: stores.records)
        // A chord is held: a sound that fades plays as the sine, as in the browser.
        let synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), fallback: settings.soundSource.rawValue, kind: ChordIntonationKind.self)
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let driver = ChoiceSessionDriver<ChordIntonationKind>(
            settings: settings, player: SynthesizerNotePlayer(synthesizer: synthesizer), store: stores.records,
            source: trials.feed(ChordIntonationKind.self, .chordIntonation, settings: settings), clock: ContinuousClock(),
            onFeedback: { completed in
                let off = String(format: "%.1f", abs(completed.detuneCents.rawValue))
                let way = completed.detuneCents.rawValue > 0 ? "sharp" : "flat"
                // The bell is the non-visual cue for a wrong answer.
                Output.line("\(completed.isCorrect ? "✓" : "✗\u{07}") the \(completed.detunedVoice.rawValue) voice was \(off) ¢ \(way)")
            },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        let tuningName = settings.tuningSystem == .justIntonation ? "just intonation" : "equal temperament"
        Output.line("Which voice? Triads in \(tuningName). Which voice is out of tune: highest (↑ or k), middle (→ or l), lowest (↓ or j)? q quits.")
        await driver.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case .up: await driver.answer(.highest)
            case .right: await driver.answer(.middle)
            case .down: await driver.answer(.lowest)
            case .quit, .audioFailed: break inputs
            case .left, .pageUp, .pageDown, .enter, .digit: continue
            }
        }
        // An unanswered chord is discarded; every answered one is already stored.
        await driver.stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }
}
