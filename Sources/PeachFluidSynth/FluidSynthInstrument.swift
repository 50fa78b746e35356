import CFluidSynth
import Foundation
import PeachAudio
import PeachCore
import Synchronization

/// One SoundFont preset as a PeachAudio instrument. Every note gets a FluidSynth synthesizer of its
/// own (from a small pool), so each note can be read at its own rate: libfluidsynth 2.3 truncates a
/// voice's pitch to whole cents (`fluid_ct2hz_real` casts to an unsigned int), which would silence
/// every difference under 1 ¢, so FluidSynth plays the key at its standard pitch and Peach's
/// Resampler supplies the exact ratio. The synthesizers share the SoundFont's samples through
/// FluidSynth's sample cache; chorus and reverb are off (they modulate pitch).
public final class FluidSynthInstrument: Instrument, @unchecked Sendable {
    public let sound: Sound
    public let soundFontPath: String
    let calibration: Calibration
    let preset: Sound.Preset
    private let sampleRate: Double
    private let settings: OpaquePointer
    private let pool = Mutex<[Slot]>([])

    /// Loads the preset (its samples are decoded now, not at the first note) and readies `readyNotes`
    /// notes (at least one), each a synthesizer with the SoundFont loaded.
    public init(
        soundFontPath: String, sound: Sound, calibration: Calibration, sampleRate: Double, readyNotes: Int = 2
    ) throws(AudioError) {
        guard let preset = sound.preset else { throw .deviceUnavailable("\(sound.id) is not a SoundFont preset") }
        self.sound = sound
        self.soundFontPath = soundFontPath
        self.calibration = calibration
        self.preset = preset
        self.sampleRate = sampleRate
        settings = new_fluid_settings()
        fluid_settings_setnum(settings, "synth.sample-rate", sampleRate)
        fluid_settings_setint(settings, "synth.chorus.active", 0)
        fluid_settings_setint(settings, "synth.reverb.active", 0)
        // Only the chosen preset's samples are decoded: an SF3 is Vorbis-compressed throughout.
        fluid_settings_setint(settings, "synth.dynamic-sample-loading", 1)
        fluid_settings_setint(settings, "synth.polyphony", 16)
        do {
            var slots: [Slot] = []
            for _ in 0..<max(1, readyNotes) { slots.append(try makeSlot()) }
            pool.withLock { $0 = slots }
        } catch {
            delete_fluid_settings(settings)
            throw error
        }
    }

    deinit {
        pool.withLock { slots in
            for slot in slots { delete_fluid_synth(slot.synth) }
        }
        delete_fluid_settings(settings)
    }

    public func source(for frequency: Frequency) throws(AudioError) -> any NoteSource {
        let key = min(127, max(0, Int((69 + 12 * log2(frequency.hertz / 440)).rounded())))
        let correction = calibration.correction(for: preset, key: key)
        let slot = try takeSlot()
        fluid_synth_noteon(slot.synth, 0, Int32(key), Self.velocity)
        let sounding = Frequency(hertz: 440 * exp2((Double(key - 69) + correction.cents / 100) / 12))
        return FluidSynthNote(
            slot: slot, frequency: sounding, gain: pow(10, correction.gainDB / 20), instrument: self)
    }

    /// The velocity every note is played with; level differences come from Peach's own gain.
    static let velocity: Int32 = 100

    fileprivate func giveBack(_ slot: Slot) {
        fluid_synth_all_sounds_off(slot.synth, -1)
        pool.withLock { $0.append(slot) }
    }

    private func takeSlot() throws(AudioError) -> Slot {
        if let slot = pool.withLock({ $0.popLast() }) { return slot }
        return try makeSlot()
    }

    private func makeSlot() throws(AudioError) -> Slot {
        guard let synth = new_fluid_synth(settings) else { throw .deviceUnavailable("FluidSynth could not start") }
        let font = fluid_synth_sfload(synth, soundFontPath, 0)
        guard font != FLUID_FAILED else {
            delete_fluid_synth(synth)
            throw .deviceUnavailable("cannot load the SoundFont \(soundFontPath)")
        }
        guard fluid_synth_program_select(synth, 0, font, Int32(preset.bank), Int32(preset.program)) == FLUID_OK else {
            delete_fluid_synth(synth)
            throw .deviceUnavailable("\(soundFontPath) has no preset \(preset.bank):\(preset.program)")
        }
        return Slot(synth: synth, right: [Float](repeating: 0, count: 256))
    }
}

/// One FluidSynth synthesizer; a note owns it from start to finish.
final class Slot: @unchecked Sendable {
    let synth: OpaquePointer
    var right: [Float]

    init(synth: OpaquePointer, right: [Float]) {
        self.synth = synth
        self.right = right
    }
}

final class FluidSynthNote: NoteSource, @unchecked Sendable {
    let slot: Slot
    let frequency: Frequency
    let gain: Double
    private let instrument: FluidSynthInstrument
    private var finished = false

    init(slot: Slot, frequency: Frequency, gain: Double, instrument: FluidSynthInstrument) {
        self.slot = slot
        self.frequency = frequency
        self.gain = gain
        self.instrument = instrument
    }

    func render(into buffer: UnsafeMutableBufferPointer<Float>) {
        if slot.right.count < buffer.count { slot.right = [Float](repeating: 0, count: buffer.count) }
        slot.right.withUnsafeMutableBufferPointer { right in
            _ = fluid_synth_write_float(
                slot.synth, Int32(buffer.count), buffer.baseAddress, 0, 1, right.baseAddress, 0, 1)
            // A mono SoundFont pans to the centre; the mix of both sides is the note.
            for index in buffer.indices { buffer[index] = buffer[index] + right[index] }
        }
    }

    func finish() {
        guard !finished else { return }
        finished = true
        instrument.giveBack(slot)
    }
}
