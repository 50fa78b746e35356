import ArgumentParser
import Foundation
import PeachAudio
import PeachCore
import PeachStore

struct Match: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pitch matching in the terminal: tune with ↑/↓ (PgUp/PgDn coarse), Enter commits, q quits.",
        discussion: "Nothing on screen hints at the pitch while you tune; the signed error shows after Enter.")

    /// An arrow press moves the note about 1 ¢, PgUp/PgDn 10 ¢, whatever the slider's reach.
    static let fineCents = 1.0
    static let coarseCents = 10.0

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var midi: MIDIOptions

    func run() async throws {
        let session = try await TerminalTraining(
            storage: storage, overrides: training.overrides, audio: audio, sound: sound, kind: MatchingKind.self,
            midi: midi)
        let settings = session.settings
        let terminal = session.terminal
        let discipline = Discipline(kind: .matching, intervals: training.trainsIntervals)
        let reach = discipline.matchingRange(settings).rawValue
        let player = SynthesizerNotePlayer(synthesizer: session.synthesizer)
        let tunable = HeldNote(player)
        let driver = TrainingSessionDriver(
            PitchMatchingPiece(settings: settings), player: TonePlayer(player), store: session.stores.records,
            source: session.trials.feed(MatchingKind.self, discipline, settings: settings), clock: ContinuousClock(),
            hook: { effect throws(AudioError) in try await tunable.perform(effect) },
            onFeedback: { Output.line(Self.feedback($0)) },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        Output.line(
            training.trainsIntervals
                ? "Interval matching (\(settings.intervals.map(\.spelled).joined(separator: ", ")), \(settings.tuningSystem.rawValue)). Tune the second note to the interval: ↑/↓ fine, PgUp/PgDn coarse, Enter when it is right. q quits."
                : "Pitch matching. Listen, then tune the second note to the first: ↑/↓ fine, PgUp/PgDn coarse, Enter when they match. q quits."
        )
        await driver.start()
        // The slider position lives here; every challenge starts at its centre.
        var position = 0.0
        var wheel = PitchBendCommit()
        inputs: for await input in terminal.inputs {
            let step: Double
            switch input {
            case .midi(let message):
                guard await driver.state.acceptsAnswer else { continue }
                // The wheel and the keys as the browser's slider takes them (MatchingKind.midi).
                switch message {
                case .pitchBend(let bend):
                    switch wheel.receive(bend) {
                    case .tune(let value):
                        position = value.rawValue
                        await driver.input(.sliderMoved(value))
                    case .commit(let value):
                        await driver.answer(.slider(value))
                        position = 0
                    case .none: continue
                    }
                case .noteOn:
                    await driver.answer(.slider(NormalizedSliderValue(position)!))
                    position = 0
                    wheel = PitchBendCommit()
                case .noteOff: continue
                }
                continue
            case .up: step = Self.fineCents / reach
            case .down: step = -Self.fineCents / reach
            case .pageUp: step = Self.coarseCents / reach
            case .pageDown: step = -Self.coarseCents / reach
            case .enter:
                guard await driver.state.acceptsAnswer else { continue }
                await driver.answer(.slider(NormalizedSliderValue(position)!))
                position = 0
                continue
            case .left, .right, .digit: continue
            case .quit, .audioFailed: break inputs
            }
            guard await driver.state.acceptsAnswer else { continue }
            // Rounded so that repeated steps land exactly on whole cents.
            position = min(1, max(-1, ((position + step) * reach).rounded() / reach))
            await driver.input(.sliderMoved(NormalizedSliderValue(position)!))
        }
        // An uncommitted attempt is discarded.
        await session.close { await driver.stop() }
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
