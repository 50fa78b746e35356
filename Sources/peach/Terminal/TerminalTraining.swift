import PeachALSA
import PeachAudio
import PeachCore

/// What a terminal training command opens before its first trial and closes after q: the stores,
/// the saved settings with the command's overrides, the trials, the sound, the terminal and the
/// MIDI keyboard (`--midi`).
struct TerminalTraining {
    let stores: TrainingStores
    let settings: TrainingSettings
    let trials: TrialSource
    let synthesizer: Synthesizer
    let output: ALSAOutput
    let terminal: TerminalSession
    let keyboard: MIDISequencerInput?

    /// - Parameter kind: what the chosen sound is played for (`TrialSound`: a held note plays the sine).
    init(
        storage: StoreOptions, overrides: SettingsUpdate, audio: AudioOptions, sound: SoundOptions,
        kind: any TrainingKind.Type = ComparisonKind.self, midi: MIDIOptions?
    ) async throws {
        try midi?.checkAvailable()
        stores = try await storage.open()
        settings = try await NoteOptions.settings(in: stores.settings, overrides: overrides)
        trials = try await TrialSource.resuming(from: stores.records)
        synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), saved: settings.soundSource, kind: kind)
        output = try audio.start(synthesizer)
        let terminal = TerminalSession()
        self.terminal = terminal
        keyboard = try midi.flatMap { try $0.start(into: terminal) }
    }

    /// Lets go of everything once `stop` has stopped the command's driver; the trial under way is
    /// discarded, every answered one is already stored.
    func close(stopping stop: () async -> Void) async {
        keyboard?.close()
        await stop()
        await output.close()
        await stores.close()
        terminal.restore()
    }
}
