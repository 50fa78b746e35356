import Foundation
import PeachAudio
import PeachCore

/// What every "name what you heard" command shares (`peach train`, `intonation`, `degrees`,
/// `chords`): open the stores with the command's settings, play each trial on the session loop
/// with the kind's `ChoicePiece`, turn keys into answers and print each judgement, until q. A
/// command says only what is its own: its introduction, which key answers what, and how a
/// judgement reads.
struct ChoiceTraining<Kind: ChoiceTrainingKind> {
    let discipline: Discipline
    let storage: StoreOptions
    let audio: AudioOptions
    let sound: SoundOptions
    let overrides: SettingsUpdate
    /// `--midi`, for a kind a MIDI key answers (`Kind.midi`).
    var midi: MIDIOptions?

    /// - Parameter midiAnswer: the answer a MIDI key's served answer names (`ScaleDegree(rawValue:)`).
    func run(
        introduction: (TrainingSettings) -> String,
        answer: @escaping (TerminalInput, TrainingSettings) -> Kind.Answer?,
        midiAnswer: (String) -> Kind.Answer? = { _ in nil },
        judgement: @escaping @Sendable (Kind.Record, TrainingSettings) -> String
    ) async throws {
        let training = try await TerminalTraining(
            storage: storage, overrides: overrides, audio: audio, sound: sound, kind: Kind.self, midi: midi)
        let settings = training.settings
        let terminal = training.terminal
        let driver = TrainingSessionDriver(
            ChoicePiece<Kind>(settings: settings),
            player: TonePlayer(SynthesizerNotePlayer(synthesizer: training.synthesizer)),
            store: training.stores.records, source: training.trials.feed(Kind.self, discipline, settings: settings),
            clock: ContinuousClock(), onFeedback: { Output.line(judgement($0, settings)) },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        Output.line(introduction(settings))
        await driver.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case .quit, .audioFailed: break inputs
            case .midi(.noteOn(let key, _)):
                // The key's answer is the kind's rule (Kind.midi), the browser's too.
                guard let trial = await driver.state.openTrial,
                    let named = Kind.midi(trial)?.answer(forKey: key), let given = midiAnswer(named)
                else { continue }
                await driver.answer(given)
            default: if let given = answer(input, settings) { await driver.answer(given) }
            }
        }
        await training.close { await driver.stop() }
    }

    /// The judgement's first mark: the bell is the non-visual cue for a wrong answer.
    static func mark(_ isCorrect: Bool) -> String { isCorrect ? "✓" : "✗\u{07}" }
}
