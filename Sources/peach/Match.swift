import ArgumentParser
import Foundation
import PeachAudio
import PeachCore
import PeachStore

struct Match: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pitch matching in the terminal: tune with ↑/↓ (PgUp/PgDn coarse), Enter commits, q quits.",
        discussion: "Nothing on screen hints at the pitch while you tune; the signed error shows after Enter.")

    /// About 1 ¢ per arrow press with the slider's ±100 ¢ reach.
    static let fineStep = 0.01
    static let coarseStep = 0.1

    @OptionGroup var data: DataOption
    @OptionGroup var audio: AudioOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions

    func run() async throws {
        let database = try PeachDatabase(path: data.resolvedPath)
        let store = SQLiteTrainingDataStore(database: database)
        let settings = try await training.settings(in: database)
        let synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), fallback: settings.soundSource.rawValue, forPitchMatching: true)
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let driver = PitchMatchingSessionDriver(
            timing: .init(noteDuration: .seconds(settings.noteDurationSeconds), referencePitch: settings.referencePitch),
            player: SynthesizerNotePlayer(synthesizer: synthesizer), store: store,
            source: RandomPitchMatchingSource(settings: settings), clock: ContinuousClock(),
            onFeedback: { Output.line(Self.feedback($0)) },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        Output.line("Pitch matching. Listen, then tune the second note to the first: ↑/↓ fine, PgUp/PgDn coarse, Enter when they match. q quits.")
        await driver.start()
        // The slider position lives here; every challenge starts at its centre.
        var position = 0.0
        inputs: for await input in terminal.inputs {
            let step: Double
            switch input {
            case .up: step = Self.fineStep
            case .down: step = -Self.fineStep
            case .pageUp: step = Self.coarseStep
            case .pageDown: step = -Self.coarseStep
            case .enter:
                guard await driver.state.acceptsSliderInput else { continue }
                await driver.commit(at: NormalizedSliderValue(position)!)
                position = 0
                continue
            case .quit, .audioFailed: break inputs
            }
            guard await driver.state.acceptsSliderInput else { continue }
            position = min(1, max(-1, ((position + step) * 100).rounded() / 100))
            await driver.sliderMoved(to: NormalizedSliderValue(position)!)
        }
        // An uncommitted attempt is discarded.
        await driver.stop()
        await output.close()
        terminal.restore()
    }

    /// Arrow and signed cents, coloured by band: green under 10 ¢, yellow to 30 ¢, red beyond.
    static func feedback(_ attempt: CompletedPitchMatching) -> String {
        let error = attempt.userCentError.rawValue
        let cents = String(format: "%+.1f ¢", error)
        switch attempt.band {
        case .deadCenter: return "\u{1B}[32m● 0 ¢\u{1B}[0m"
        case .close: return "\u{1B}[32m\(error > 0 ? "↑" : "↓") \(cents)\u{1B}[0m"
        case .near: return "\u{1B}[33m\(error > 0 ? "↑" : "↓") \(cents)\u{1B}[0m"
        case .far: return "\u{1B}[31m\(error > 0 ? "↑" : "↓") \(cents)\u{1B}[0m"
        }
    }
}
