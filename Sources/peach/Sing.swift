import ArgumentParser
import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachStore

struct Sing: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Sing It in the terminal: sing or play the note (or, with --interval, the interval above or below it) into the microphone; hold it steady for a second or press Enter (or, with --midi, a key of the MIDI keyboard). q or Esc quits.",
        discussion:
            "The notes you sing come from your range (voiceRangeLower/Upper, the web app's Settings). The sound is analysed as it comes and never stored: only the cents you were off are."
    )

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var capture: CaptureOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var midi: MIDIOptions

    func run() async throws {
        let session = try await TerminalTraining(
            storage: storage, overrides: training.overrides, audio: audio, sound: sound, midi: midi)
        let settings = session.settings
        let terminal = session.terminal
        let discipline: Discipline = training.trainsIntervals ? .intervalSinging : .pitchSinging
        let gate = CaptureOptions.Gate()
        let driver = TrainingSessionDriver(
            SingingPiece(settings: settings),
            player: TonePlayer(
                SynthesizerNotePlayer(synthesizer: session.synthesizer), inputClock: ALSAPCM.monotonicSeconds),
            store: session.stores.records,
            source: session.trials.feed(MatchingKind.self, discipline, settings: settings),
            clock: ContinuousClock(),
            hook: { effect in
                switch effect {
                case .listen(let from): gate.listenFrom.withLock { $0 = from }
                case .stopListening: gate.listenFrom.withLock { $0 = .infinity }
                case .promptSilence:
                    Output.line("I can't hear you yet. Sing or play the note, close to the microphone, or press Enter.")
                }
            },
            onFeedback: { Output.line(Self.feedback($0)) },
            onError: { error in TrainingErrors.report(error, to: terminal) })
        let (frames, heard) = AsyncStream.makeStream(of: HeardPitch.self, bufferingPolicy: .bufferingNewest(256))
        let input: ALSAInput
        do {
            input = try capture.start(
                gate: gate, onHeard: { heard.yield($0) },
                onFailure: { error in TrainingErrors.report(error, to: terminal) })
        } catch {
            await session.close {}
            throw error
        }
        let trace = audio.latencyTrace.map(AudioOptions.traceLines(to:))
        let frameSeconds =
            Double(PitchDetector(sampleRate: Double(input.negotiated.sampleRate)).frameLength)
            / Double(input.negotiated.sampleRate)
        let listening = Task {
            for await frame in frames {
                guard let trace else {
                    await driver.input(.heard(frame))
                    continue
                }
                // For the benchmarks: the committing frame's last sample captured → the attempt stored.
                let wasListening = await driver.state.acceptsAnswer
                await driver.input(.heard(frame))
                if wasListening, !(await driver.state.acceptsAnswer) {
                    trace(String(format: "committed %.6f %.6f", frame.time + frameSeconds, ALSAPCM.monotonicSeconds()))
                }
            }
        }

        let commit = midi.port == nil ? "Enter" : "Enter or a key of the keyboard"
        Output.line(
            training.trainsIntervals
                ? "Sing Intervals (\(settings.intervals.map(\.spelled).joined(separator: ", ")), \(settings.tuningSystem.rawValue)). Listen, then sing the interval from the note you heard; hold it steady for a second, or press \(commit). q or Esc quits."
                : "Sing It. Listen, then sing or play the note; hold it steady for a second, or press \(commit). q or Esc quits."
        )
        await driver.start()
        inputs: for await key in terminal.inputs {
            switch key {
            // A key of the keyboard commits as Enter does: the iPhone app's rule for its matching.
            case .enter, .midi(.noteOn): await driver.input(.commitNow)
            case .quit, .audioFailed: break inputs
            case .up, .down, .pageUp, .pageDown, .left, .right, .digit, .midi: continue
            }
        }
        // An uncommitted attempt is discarded.
        await session.close {
            await driver.stop()
            heard.finish()
            listening.cancel()
            await input.close()
        }
    }

    /// Matching's arrow and signed cents, the band as a word too (the colour is not the only cue), and
    /// the octave sung when it was not the target's.
    static func feedback(_ attempt: CompletedPitchMatching) -> String {
        let band =
            switch attempt.band {
            case .deadCenter, .close: "green"
            case .near: "yellow"
            case .far: "red"
            }
        var line = "\(Match.feedback(attempt)) \(band)"
        if let octave = attempt.sungOctave, octave != 0 {
            let direction = octave > 0 ? "higher" : "lower"
            line += abs(octave) == 1 ? ", sung an octave \(direction)" : ", sung \(abs(octave)) octaves \(direction)"
        }
        return line
    }
}
