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

    /// A synthesizer for `--sound` (or the `saved` one when it is not given; with neither, the
    /// kind's own: `TrialSound`), playing trials of `kind`.
    func synthesizer(
        settings: SynthesisSettings, saved: SoundSource? = nil, kind: any TrainingKind.Type = ComparisonKind.self
    ) throws -> Synthesizer {
        Synthesizer(
            settings: settings, instrument: try instrument(sampleRate: settings.sampleRate, saved: saved, kind: kind))
    }

    func instrument(
        sampleRate: Double, saved: SoundSource? = nil, kind: any TrainingKind.Type = ComparisonKind.self
    ) throws -> (any Instrument)? {
        let library = try library(sampleRate: sampleRate)
        var chosen: SoundSource?
        if let id = sound ?? saved?.rawValue {
            guard library.sound(id: id) != nil, let source = SoundSource(rawValue: id) else {
                throw ValidationError(
                    "--sound must be one of \(library.sounds.map(\.id).joined(separator: ", ")), got '\(id)'")
            }
            chosen = source
        }
        let played = TrialSound(chosen: chosen, kind: kind) { library.sound(id: $0.rawValue)?.sustains }
        if let instead = played.insteadOf, let name = library.sound(id: instead.rawValue)?.name {
            // Asked for by name, it is refused rather than silently replaced.
            guard sound == nil else {
                throw ValidationError(
                    "--sound \(instead.rawValue) decays, so it cannot hold a note (pitch matching, a chord); choose a sustaining sound"
                )
            }
            Output.line("\(name) decays, so a held note (pitch matching, a chord) plays the sine.")
        }
        return try library.sound(id: played.source.rawValue).flatMap(library.instrument(for:))
    }
}
