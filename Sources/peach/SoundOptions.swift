import ArgumentParser
import PeachAudio
import PeachCore
import PeachFluidSynth

/// Which sound a subcommand plays: the sine or a SoundFont instrument.
struct SoundOptions: ParsableArguments {
    @Option(
        help:
            "The sound: sine, piano, strings, flute, choir, or with --soundfont one of its presets (preset-BANK-PROGRAM)."
    )
    var sound: String?

    @Option(help: "A SoundFont (SF2/SF3) to play instead of FluidR3Mono; its presets become sounds.")
    var soundfont: String?

    /// For scripts/calibrate_sounds.py: play every key as the SoundFont has it, without corrections.
    @Flag(help: .hidden)
    var uncalibrated = false

    func library(sampleRate: Double) throws -> SoundLibrary {
        do {
            return try SoundLibrary(userSoundFont: soundfont, sampleRate: sampleRate, calibrated: !uncalibrated)
        } catch {
            throw ValidationError("--soundfont: \(error)")
        }
    }

    /// A synthesizer for `--sound` (or `fallback` when it is not given), playing trials of `kind`.
    func synthesizer(
        settings: SynthesisSettings, fallback: String = Sound.sine.id, kind: any TrainingKind.Type = ComparisonKind.self
    ) throws -> Synthesizer {
        Synthesizer(
            settings: settings,
            instrument: try instrument(sampleRate: settings.sampleRate, fallback: fallback, kind: kind))
    }

    func instrument(
        sampleRate: Double, fallback: String = Sound.sine.id, kind: any TrainingKind.Type = ComparisonKind.self
    ) throws -> (any Instrument)? {
        let library = try library(sampleRate: sampleRate)
        let id = sound ?? fallback
        guard let chosen = library.sound(id: id), let source = SoundSource(rawValue: id) else {
            throw ValidationError(
                "--sound must be one of \(library.sounds.map(\.id).joined(separator: ", ")), got '\(id)'")
        }
        let played = TrialSound(chosen: source, sustains: chosen.sustains, kind: kind)
        if played.insteadOf != nil {
            // Asked for by name, it is refused rather than silently replaced.
            guard sound == nil else {
                throw ValidationError(
                    "--sound \(id) decays, so it cannot hold a note (pitch matching, a chord); choose a sustaining sound"
                )
            }
            Output.line("\(chosen.name) decays, so a held note (pitch matching, a chord) plays the sine.")
        }
        return try library.sound(id: played.source.rawValue).flatMap(library.instrument(for:))
    }
}
