import Foundation
import PeachAudio
import PeachCore
import Testing

@testable import PeachFluidSynth

/// The real libfluidsynth on FluidR3Mono (installed by scripts/setup.sh).
@Suite(.serialized)
struct SoundLibraryTests {
    @Test("The default library offers the sine and five GM instruments, and reads no SoundFont to say so")
    func defaultSounds() throws {
        let library = try SoundLibrary()
        #expect(library.sounds.map(\.id) == ["sine", "piano", "strings", "flute", "choir", "organ"])
        #expect(try library.instrument(for: .sine) == nil)
    }

    @Test("A user's SoundFont lists its presets; the named GM sounds stay when it has them")
    func userSoundFontPresets() throws {
        let library = try SoundLibrary(userSoundFont: SoundLibrary.defaultSoundFontPath)
        let presets = library.sounds.filter { $0.id.hasPrefix("preset-") }
        #expect(presets.count >= 128)
        #expect(library.sound(id: "preset-0-48")?.name.isEmpty == false)
        #expect(library.sound(id: "strings") != nil)
    }

    @Test("A missing SoundFont is an error that names it")
    func missingSoundFont() {
        #expect(throws: AudioError.deviceUnavailable("no SoundFont at /nonexistent.sf2")) {
            try SoundLibrary(userSoundFont: "/nonexistent.sf2")
        }
    }

    @Test("Instruments are loaded once and their notes sound, are calibrated, and free their synthesizer")
    func instrumentNotes() throws {
        let library = try SoundLibrary()
        let strings = try #require(try library.instrument(for: library.sound(id: "strings")!))
        #expect(try library.instrument(for: library.sound(id: "strings")!) === strings)
        // The bundled table knows this SoundFont: C5 of the strings is measured, not nominal.
        let calibrated = strings.calibration.correction(for: strings.preset, key: 72)
        #expect(calibrated.cents != 0 && calibrated.gainDB != 0)

        let synthesizer = Synthesizer(instrument: strings)
        let voice = try synthesizer.start(Frequency(note: MIDINote(60)!), level: .zero)
        let sound = synthesizer.render(count: 24_000)
        #expect(sound[12_000...].contains { abs($0) > 0.01 })
        synthesizer.release(voice)
        _ = synthesizer.render(count: 4_800)
        #expect(synthesizer.activeVoiceCount == 0)
    }

    @Test("Warming up loads instruments ahead of their first use; a later caller gets the warmed one")
    func warmUp() throws {
        let library = try SoundLibrary(readyNotes: 1)
        let flute = try #require(library.sound(id: "flute"))
        library.warmUp([.sine, flute])
        let warmed = try #require(try library.instrument(for: flute))
        library.warmUp([flute])
        #expect(try library.instrument(for: flute) === warmed)
        let sample = try #require(try library.noteSample(flute, key: 72, longestNote: .seconds(3)))
        #expect(sample.loop != nil && sample.samples.contains { abs($0) > 0.01 })
    }

    @Test(
        "The render identity is the same in every library on the same SoundFont, and changes with what the keys depend on"
    )
    func renderIdentity() throws {
        let identity = try SoundLibrary().renderIdentity(longestNote: .seconds(3))
        #expect(identity.count == 16 && identity.allSatisfy(\.isHexDigit))
        #expect(try SoundLibrary().renderIdentity(longestNote: .seconds(3)) == identity)
        #expect(try SoundLibrary().renderIdentity(longestNote: .seconds(2)) != identity)
        #expect(try SoundLibrary(calibrated: false).renderIdentity(longestNote: .seconds(3)) != identity)
        #expect(try SoundLibrary(sampleRate: 44_100).renderIdentity(longestNote: .seconds(3)) != identity)
    }
}
