import CFluidSynth
import Foundation
import PeachAudio
import PeachCore
import Synchronization

/// The sounds a SoundFont offers and their instruments, loaded on first use: the server answers
/// before any SoundFont is read, and an instrument's samples are decoded when it is first chosen.
public final class SoundLibrary: Sendable {
    /// FluidR3Mono (MIT), installed by scripts/setup.sh from Debian's fluidr3mono-gm-soundfont.
    public static let defaultSoundFontPath = "/usr/share/sounds/sf3/FluidR3Mono_GM.sf3"

    public let soundFontPath: String
    /// The sine, then the named GM instruments; with a user's SoundFont also each of its presets.
    public let sounds: [Sound]
    public let sampleRate: Double
    private let calibration: Calibration
    private let instruments = Mutex<[String: FluidSynthInstrument]>([:])
    private let loading = Mutex(())

    /// - Parameter userSoundFont: a SoundFont the user brought (`--soundfont`): its presets are listed
    ///   (read from its preset headers only), and it is used uncalibrated unless a table exists for it.
    ///   `calibrated: false` plays every key as the SoundFont has it (to measure it).
    public init(userSoundFont: String? = nil, sampleRate: Double = 48_000, calibrated: Bool = true) throws(AudioError) {
        self.sampleRate = sampleRate
        soundFontPath = userSoundFont ?? Self.defaultSoundFontPath
        calibration = calibrated ? Calibration.bundled(for: URL(fileURLWithPath: soundFontPath).lastPathComponent) : .none
        var sounds = [Sound.sine] + Sound.generalMIDI
        if let userSoundFont {
            let presets = try Self.presets(of: userSoundFont)
            sounds = [Sound.sine] + Sound.generalMIDI.filter { named in presets.contains { $0.preset == named.preset } } + presets
        }
        self.sounds = sounds
    }

    public func sound(id: String) -> Sound? { sounds.first { $0.id == id } }

    /// The instrument for `sound`, loading it on first use; nil for the sine.
    public func instrument(for sound: Sound) throws(AudioError) -> FluidSynthInstrument? {
        guard sound.preset != nil else { return nil }
        if let cached = instruments.withLock({ $0[sound.id] }) { return cached }
        guard FileManager.default.fileExists(atPath: soundFontPath) else {
            throw .deviceUnavailable("the SoundFont \(soundFontPath) is missing (scripts/setup.sh installs it)")
        }
        // One load at a time: a second caller (the first key, while choosing the sound still loads it)
        // waits for it instead of decoding the same samples alongside.
        return try loading.withLock { _ throws(AudioError) in
            if let cached = instruments.withLock({ $0[sound.id] }) { return cached }
            let made = try FluidSynthInstrument(
                soundFontPath: soundFontPath, sound: sound, calibration: calibration, sampleRate: sampleRate)
            instruments.withLock { $0[sound.id] = made }
            return made
        }
    }

    /// `key` of the instrument `sound`, rendered once for a player that resamples it (the browser):
    /// the same FluidSynth note, calibration and level matching a native note gets. A decaying sound
    /// is rendered for `longestNote`; a sustaining one gets a loop instead. nil for the sine.
    public func noteSample(_ sound: Sound, key: Int, longestNote: Duration) throws(AudioError) -> NoteSample? {
        guard let instrument = try instrument(for: sound) else { return nil }
        guard let note = MIDINote(key) else { throw .deviceUnavailable("there is no MIDI key \(key)") }
        let source = try instrument.source(for: Frequency(note: note))
        return NoteSample.render(source, sampleRate: sampleRate, sustains: sound.sustains, duration: longestNote)
    }

    /// Every preset of the SoundFont at `path`, in bank and program order.
    static func presets(of path: String) throws(AudioError) -> [Sound] {
        guard FileManager.default.fileExists(atPath: path) else { throw .deviceUnavailable("no SoundFont at \(path)") }
        let settings = new_fluid_settings()
        defer { delete_fluid_settings(settings) }
        fluid_settings_setint(settings, "synth.dynamic-sample-loading", 1)
        guard let synth = new_fluid_synth(settings) else { throw .deviceUnavailable("FluidSynth could not start") }
        defer { delete_fluid_synth(synth) }
        let id = fluid_synth_sfload(synth, path, 0)
        guard id != FLUID_FAILED, let font = fluid_synth_get_sfont_by_id(synth, id) else {
            throw .deviceUnavailable("\(path) is not a SoundFont FluidSynth can read")
        }
        var sounds: [Sound] = []
        fluid_sfont_iteration_start(font)
        while let preset = fluid_sfont_iteration_next(font) {
            sounds.append(.preset(
                bank: Int(fluid_preset_get_banknum(preset)), program: Int(fluid_preset_get_num(preset)),
                name: String(cString: fluid_preset_get_name(preset))))
        }
        return sounds.sorted { ($0.preset!.bank, $0.preset!.program) < ($1.preset!.bank, $1.preset!.program) }
    }
}
