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
    /// The notes each instrument readies when it loads (more are made when more sound at once).
    private let readyNotes: Int
    private let instruments = Mutex<[String: FluidSynthInstrument]>([:])
    /// One lock per sound: a second caller (the first key, while choosing the sound still loads it)
    /// waits for that load instead of decoding the same samples alongside; other sounds go on loading.
    private let loaders = Mutex<[String: Loader]>([:])

    private final class Loader: Sendable {
        let lock = Mutex(())
    }

    /// - Parameter userSoundFont: a SoundFont the user brought (`--soundfont`): its presets are listed
    ///   (read from its preset headers only), and it is used uncalibrated unless a table exists for it.
    ///   `calibrated: false` plays every key as the SoundFont has it (to measure it). `readyNotes`:
    ///   how many notes an instrument readies when it loads; a real-time player wants two (a note
    ///   and the next), a renderer one (each costs a parse of the SoundFont's headers).
    public init(
        userSoundFont: String? = nil, sampleRate: Double = 48_000, calibrated: Bool = true, readyNotes: Int = 2
    ) throws(AudioError) {
        self.sampleRate = sampleRate
        self.readyNotes = readyNotes
        soundFontPath = userSoundFont ?? Self.defaultSoundFontPath
        calibration =
            calibrated ? Calibration.bundled(for: URL(fileURLWithPath: soundFontPath).lastPathComponent) : .none
        var sounds = [Sound.sine] + Sound.generalMIDI
        if let userSoundFont {
            let presets = try Self.presets(of: userSoundFont)
            sounds =
                [Sound.sine] + Sound.generalMIDI.filter { named in presets.contains { $0.preset == named.preset } }
                + presets
        }
        self.sounds = sounds
    }

    public func sound(id: String) -> Sound? { sounds.first { $0.id == id } }

    /// The instrument for `sound`, loading it on first use; nil for the sine.
    public func instrument(for sound: Sound) throws(AudioError) -> FluidSynthInstrument? {
        guard sound.preset != nil else { return nil }
        if let cached = instruments.withLock({ $0[sound.id] }) { return cached }
        let loader = loaders.withLock { loaders in
            if let loader = loaders[sound.id] { return loader }
            let loader = Loader()
            loaders[sound.id] = loader
            return loader
        }
        return try loader.lock.withLock { _ throws(AudioError) in
            if let cached = instruments.withLock({ $0[sound.id] }) { return cached }
            return keep(try load(sound))
        }
    }

    /// Loads `sounds` that are not loaded yet, one after the other, so that choosing one later finds
    /// it ready. Meant for a low-priority thread: it takes none of the locks `instrument(for:)` waits
    /// on, so a sound chosen meanwhile loads at once beside it (reusing every sample this has decoded:
    /// FluidSynth shares them between synthesizers) instead of waiting for it. Failures are left for
    /// the first real use to report.
    public func warmUp(_ sounds: [Sound]) {
        for sound in sounds where sound.preset != nil {
            guard instruments.withLock({ $0[sound.id] }) == nil, let made = try? load(sound) else { continue }
            _ = keep(made)
        }
    }

    private func load(_ sound: Sound) throws(AudioError) -> FluidSynthInstrument {
        guard FileManager.default.fileExists(atPath: soundFontPath) else {
            throw .deviceUnavailable("the SoundFont \(soundFontPath) is missing (scripts/setup.sh installs it)")
        }
        return try FluidSynthInstrument(
            soundFontPath: soundFontPath, sound: sound, calibration: calibration, sampleRate: sampleRate,
            readyNotes: readyNotes)
    }

    /// The instrument kept for `made.sound`: `made`, unless another load got there first.
    private func keep(_ made: FluidSynthInstrument) -> FluidSynthInstrument {
        instruments.withLock { instruments in
            if let first = instruments[made.sound.id] { return first }
            instruments[made.sound.id] = made
            return made
        }
    }

    /// A digest of everything the keys `noteSample(_:key:longestNote:)` renders depend on besides
    /// the sound and key: the SoundFont file (path, size, modification time), the calibration table,
    /// the sample rate, the longest note and the rendering itself. Keys kept on disk under it stay
    /// valid exactly as long as it does. 16 hex digits (64-bit FNV-1a), the same in every process.
    public func renderIdentity(longestNote: Duration) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: soundFontPath)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        let text = [
            soundFontPath, "\(size)", "\(modified)", calibration.canonicalText, "\(sampleRate)", "\(longestNote)",
            NoteSample.renderVersion,
        ].joined(separator: "\n")
        let hash = text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
            sounds.append(
                .preset(
                    bank: Int(fluid_preset_get_banknum(preset)), program: Int(fluid_preset_get_num(preset)),
                    name: String(cString: fluid_preset_get_name(preset))))
        }
        return sounds.sorted { ($0.preset!.bank, $0.preset!.program) < ($1.preset!.bank, $1.preset!.program) }
    }
}
