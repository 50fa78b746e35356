import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Rhythm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare Timing in the terminal: four clicks, the third early (← or e) or late (→ or l); with --fill-the-gap --midi PORT, Fill the Gap on a MIDI keyboard. q quits.",
        discussion: """
            Answers are stored with the web app's. Fill the Gap needs a MIDI keyboard: a key typed in a terminal is \
            reported when it is read, not when it was pressed, while the ALSA sequencer stamps every MIDI key with its \
            own moment. Run --calibrate once per keyboard: tap a key with each of 16 clicks; the delay measured is kept \
            for that --midi value on this machine and taken off every tap.
            """)

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var midi: MIDIOptions

    @Option(help: "Tempo in beats per minute (40–200); default: the saved setting.")
    var tempo: Int?

    @Flag(
        name: .customLong("fill-the-gap"),
        help: "Fill the Gap instead: play a key (--midi) where each cycle's silent click belongs.")
    var fillTheGap = false

    @Flag(
        help:
            "Measure the MIDI keyboard's delay (--midi): tap a key with each of 16 clicks; kept for Fill the Gap on that port."
    )
    var calibrate = false

    var taps: Bool { fillTheGap || calibrate }

    func validate() throws {
        if let tempo, TempoBPM(tempo) == nil {
            throw ValidationError(
                "--tempo must be a whole number from \(TempoBPM.range.lowerBound) to \(TempoBPM.range.upperBound), got \(tempo)"
            )
        }
        if midi.port != nil, !taps {
            throw ValidationError(
                "--midi applies to --fill-the-gap and --calibrate: Compare Timing is answered with ← and →")
        }
    }

    func run() async throws {
        if taps {
            guard let port = midi.port else {
                throw PeachFailure(
                    "tapping needs a MIDI keyboard: give --midi PORT (`peach devices --midi` lists them); a key typed in a terminal cannot be timed"
                )
            }
            try midi.checkAvailable()
            try await calibrate ? runCalibration(port: port) : runFillTheGap(port: port)
            return
        }
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: SettingsUpdate(tempoBPM: tempo))
        let trials = try await TrialSource.resuming(from: stores.records)
        let synthesizer = Synthesizer()
        let output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        let driver = TrainingSessionDriver(
            RhythmComparisonPiece(settings: settings),
            player: ClickTrialPlayer(SynthesizerClickPlayer(synthesizer: synthesizer)),
            store: stores.records,
            source: trials.feed(RhythmComparisonKind.self, .rhythmComparison, settings: settings),
            clock: ContinuousClock(), onFeedback: { record in Output.line(record.isCorrect ? "✓" : "✗\u{07}") },
            onError: { error in TrainingErrors.report(error, to: terminal) })

        Output.line(
            "Compare Timing at \(settings.tempo.rawValue) BPM. Was the third click early (← or e) or late (→ or l)? q quits."
        )
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
