import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import Synchronization

/// `peach rhythm --fill-the-gap` and `--calibrate`: taps on a MIDI keyboard, each timed by the
/// sequencer's stamp on CLOCK_MONOTONIC and placed on the clicks by the moment the output reports
/// them heard (ALSAOutput's `onChangeAudible`: the write's time plus the sound queued ahead of it).
extension Rhythm {
    func runFillTheGap(port: String) async throws {
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: SettingsUpdate(tempoBPM: tempo))
        let trials = try await TrialSource.resuming(from: stores.records)
        let latencyMs = MIDITapCalibrations().latencyMs(for: port)
        let synthesizer = Synthesizer()
        let player = AudibleSynthesizerClickPlayer(synthesizer: synthesizer)
        let output = try audio.start(synthesizer, onChangeAudible: player.changeAudible(at:))
        let terminal = TerminalSession()
        let driver = TrainingSessionDriver(
            FillTheGapPiece(settings: settings, latencySeconds: (latencyMs ?? 0) / 1000),
            player: TappedClickPlayer(player),
            store: stores.records, source: trials.feed(RhythmMatchingKind.self, .rhythmMatching, settings: settings),
            clock: ContinuousClock(),
            onFeedback: { Output.line(Self.feedback($0)) },
            onError: { error in TrainingErrors.report(error, to: terminal) })
        // Not through TerminalInput.midi, which drops the stamp a tap is timed by.
        let (messages, received) = AsyncStream.makeStream(of: (MIDIMessage, Double).self)
        let keyboard: MIDISequencerInput?
        do {
            keyboard = try midi.start { received.yield(($0, $1)) }
        } catch {
            terminal.restore()
            await output.close()
            throw error
        }
        let tapping = Task {
            for await (message, seconds) in messages { await driver.input(.midi(message, at: seconds)) }
        }

        let calibration =
            latencyMs.map { String(format: "%.1f ms taken off each tap", $0) }
            ?? "not calibrated: peach rhythm --calibrate --midi \(port)"
        Output.line(
            "Fill the Gap at \(settings.tempo.rawValue) BPM (\(calibration)). Play a key where each cycle's silent click belongs. q quits."
        )
        await driver.start()
        inputs: for await input in terminal.inputs {
            switch input {
            case .quit, .audioFailed: break inputs
            case .up, .down, .pageUp, .pageDown, .enter, .left, .right, .digit, .midi: continue
            }
        }
        // An unfinished trial is discarded; every finished one is already stored.
        keyboard?.close()
        received.finish()
        tapping.cancel()
        await driver.stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }

    /// The browser's calibration (`TapCalibration`) on the keyboard: its clicks a beat apart, the
    /// median delay of the taps near them kept for `port`.
    func runCalibration(port: String) async throws {
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: SettingsUpdate(tempoBPM: tempo))
        await stores.close()
        let clicks = TapCalibration.clickSeconds(at: settings.tempo)
        let synthesizer = Synthesizer()
        let player = AudibleSynthesizerClickPlayer(synthesizer: synthesizer)
        let output = try audio.start(synthesizer, onChangeAudible: player.changeAudible(at:))
        let taps = Mutex<[Double]>([])
        let keyboard: MIDISequencerInput?
        do {
            keyboard = try midi.start { message, seconds in
                if case .noteOn = message { taps.withLock { $0.append(seconds) } }
            }
        } catch {
            await output.close()
            throw error
        }
        Output.line(
            "Calibrating \(port): play a key with each of the \(clicks.count) clicks, \(settings.tempo.rawValue) a minute."
        )
        let start: Double
        do throws(AudioError) {
            start = try await player.play(onsets: clicks)
        } catch {
            keyboard?.close()
            await output.close()
            throw PeachFailure("the sound stopped (\(error))")
        }
        // Until a beat after the last click: a late tap on it still counts.
        let end = start + clicks.last! + 4 * settings.tempo.sixteenthSeconds
        try await Task.sleep(for: .seconds(max(0, end - ALSAPCM.monotonicSeconds())))
        keyboard?.close()
        await output.close()
        let calibration: TapCalibration
        do throws(TapCalibration.Failure) {
            calibration = try TapCalibration(clickSeconds: clicks, tapSeconds: taps.withLock { $0 }.map { $0 - start })
        } catch {
            throw PeachFailure("not calibrated: \(error)")
        }
        try MIDITapCalibrations().store(calibration.latencyMs, for: port)
        Output.line(
            String(
                format: "Calibrated %@: %.1f ms (from %d taps); Fill the Gap takes it off every tap.", port,
                calibration.latencyMs, calibration.tapsUsed))
    }

    /// The browser's verdict in a line: the mean offset (signed, late positive), its spread, the gaps hit.
    static func feedback(_ feedback: FillTheGapFeedback) -> String {
        switch feedback {
        case .judged(let completed):
            let gaps = RhythmMatchingTrial.cycles
            let hits = Int(((completed.hitRate ?? 0) * Double(gaps)).rounded())
            guard let mean = completed.meanOffsetMs else { return "No gap hit (0 of \(gaps))." }
            let spread = completed.offsetSDMs.map { String(format: ", SD %.0f ms", $0) } ?? ""
            return String(
                format: "%+.0f ms (%@)%@, %d of %d gaps hit.", mean, mean < 0 ? "early" : "late", spread, hits, gaps)
        case .tooManyTaps(let count):
            return "\(count) taps, more than an answer may hold: not stored."
        }
    }
}
