import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Degrees: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Scale Degrees in the terminal: a cadence sets the key, then one note: press its degree's number (1–7); q quits.",
        discussion: "The degrees, mode and names are the saved settings' (Settings › Scale degrees). Answers are stored with the web app's.")

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions

    @Option(help: "major or minor; default: the saved setting.")
    var mode: String?

    @Option(help: "numbers (♭3) or solfege (me); default: the saved setting.")
    var labels: String?

    private var overrides: SettingsUpdate {
        var update = note.overrides
        update.scaleMode = mode
        update.degreeLabels = labels
        return update
    }

    func validate() throws {
        if let mode, ScaleMode(rawValue: mode) == nil { throw ValidationError("--mode must be major or minor, got '\(mode)'") }
        if let labels, DegreeLabels(rawValue: labels) == nil { throw ValidationError("--labels must be numbers or solfege, got '\(labels)'") }
        try NoteOptions.validate(overrides)
    }

    func run() async throws {
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: overrides)
        let trials = try await TrialSource.resuming(from: stores.records)
        let synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), fallback: settings.soundSource.rawValue, kind: ScaleDegreeKind.self)
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let labels = settings.degreeLabels
        let driver = ChoiceSessionDriver<ScaleDegreeKind>(
            settings: settings, player: SynthesizerNotePlayer(synthesizer: synthesizer), store: stores.records,
            source: trials.feed(ScaleDegreeKind.self, .scaleDegree, settings: settings), clock: ContinuousClock(),
            onFeedback: { completed in
                // The bell is the non-visual cue for a wrong answer.
                let (played, named) = (completed.degree.label(labels), completed.answeredDegree.label(labels))
                Output.line(completed.isCorrect ? "✓ \(played)" : "✗\u{07} it was \(played), not \(named)")
            },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        // The keys the browser shows, by the same rule.
        let choices = ScaleDegreeKind.choices(settings.scaleDegreeChoices, mode: settings.scaleMode, labels: settings.degreeLabels)
        let keys = Dictionary(uniqueKeysWithValues: choices.compactMap { choice in choice.key.flatMap(Int.init).map { ($0, choice.degree) } })
        let listed = choices.filter { $0.key != nil }.map { "\($0.key!) \($0.label)" }.joined(separator: " · ")
        Output.line("Scale degrees in \(settings.scaleMode.rawValue) keys. A cadence, then a note: which degree? \(listed). q quits.")
        await driver.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case let .digit(number):
                guard let degree = keys[number] else { continue }
                await driver.answer(degree)
            case .quit, .audioFailed: break inputs
            case .up, .down, .left, .right, .pageUp, .pageDown, .enter: continue
            }
        }
        // An unanswered trial is discarded; every answered one is already stored.
        await driver.stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }
}
