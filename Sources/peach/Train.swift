import ArgumentParser
import Foundation
import PeachAudio
import PeachCore
import PeachStore

struct Train: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Comparison training in the terminal: ↑ or k for higher, ↓ or j for lower, q quits.",
        discussion: "Answers are stored in the same database as the web app's, safely while a server runs on it.")

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var midi: MIDIOptions

    func run() async throws {
        try midi.checkAvailable()
        let stores = try await storage.open()
        let store = stores.records
        let settings = try await training.settings(in: stores.settings)
        let discipline = Discipline(kind: .comparison, intervals: training.trainsIntervals)
        let trials = try await TrialSource.resuming(from: store)
        let source = trials.feed(ComparisonKind.self, discipline, settings: settings)
        let synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), fallback: settings.soundSource.rawValue)
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let keyboard = try midi.start(into: terminal)
        let driver = TrainingSessionDriver(
            ChoicePiece<ComparisonKind>(settings: settings), player: TonePlayer(SynthesizerNotePlayer(synthesizer: synthesizer)),
            store: store, source: source, clock: ContinuousClock(),
            onFeedback: { completed in
                // The bell is the non-visual cue for a wrong answer.
                Output.line(completed.isCorrect ? "✓" : "✗\u{07}")
            },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        Output.line(training.trainsIntervals
            ? "Interval comparison (\(settings.intervals.map(\.spelled).joined(separator: ", ")), \(settings.tuningSystem.rawValue)). Was the second note higher (↑ or k, or a key above it) or lower (↓ or j, or a key below) than the interval? q quits."
            : "Comparison training. Was the second note higher (↑ or k, or a key above it) or lower (↓ or j, or a key below)? q quits.")
        await driver.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case .up: await driver.answer(.higher)
            case .down: await driver.answer(.lower)
            case .midi(.noteOn(let key, _)):
                // The key's answer is the kind's rule (ComparisonKind.midi), the browser's too.
                guard let trial = await driver.state.openTrial,
                      let answer = ComparisonKind.midi(trial)?.answer(forKey: key).flatMap(ComparisonAnswer.init(rawValue:)) else { continue }
                await driver.answer(answer)
            case .quit, .audioFailed: break inputs
            case .pageUp, .pageDown, .enter, .left, .right, .digit, .midi: continue
            }
        }
        keyboard?.close()
        // An unanswered comparison is discarded; every answered one is already stored.
        await driver.stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }
}

enum TrainingErrors {
    /// A lost sound ends the session with one line; a failed write is logged and training goes on.
    static func report(_ error: any Error, to terminal: TerminalSession) {
        if let error = error as? AudioError {
            FileHandle.standardError.write(Data("The sound stopped (\(error)); training ended.\n".utf8))
            terminal.send(.audioFailed)
        } else {
            FileHandle.standardError.write(Data("peach: \(error)\n".utf8))
        }
    }
}
