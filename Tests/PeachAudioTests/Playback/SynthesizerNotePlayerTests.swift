import PeachCore
import Testing

@testable import PeachAudio

struct SynthesizerNotePlayerTests {
    let settings = SynthesisSettings()

    @Test func stoppingTwiceIsHarmless() async throws {
        func render(stops: Int) async throws -> [Float] {
            let synthesizer = Synthesizer(settings: settings)
            let handle = try await SynthesizerNotePlayer(synthesizer: synthesizer).play(
                Frequency(hertz: 440), level: .zero)
            var samples = synthesizer.render(count: 4800)
            for _ in 0..<stops { await handle.stop() }
            samples += synthesizer.render(count: 240)
            // A stop in the middle of the release must not restart or cut it.
            for _ in 1..<stops { await handle.stop() }
            samples += synthesizer.render(count: 4800)
            #expect(synthesizer.activeVoiceCount == 0)
            await handle.stop()
            try await handle.adjustFrequency(Frequency(hertz: 880))
            return samples
        }
        let once = try await render(stops: 1)
        let thrice = try await render(stops: 3)
        #expect(once == thrice)
        #expect(once.suffix(100).allSatisfy { $0 == 0 })
    }

    @Test func adjustingTheFrequencyRetunesTheSoundingNote() async throws {
        let synthesizer = Synthesizer(settings: settings)
        let handle = try await SynthesizerNotePlayer(synthesizer: synthesizer).play(Frequency(hertz: 440), level: .zero)
        try await handle.adjustFrequency(Frequency(hertz: 523.25))
        let samples = synthesizer.render(count: 9600)
        #expect(
            ToneAnalysis.residualFromSine(samples, range: 4800..<9600, frequency: 523.25, sampleRate: 48_000) < 1e-5)
    }

    @Test func afterAnOutputFailureEveryCallThrowsItsError() async throws {
        let synthesizer = Synthesizer(settings: settings)
        let player = SynthesizerNotePlayer(synthesizer: synthesizer)
        let handle = try await player.play(Frequency(hertz: 440), level: .zero)
        synthesizer.fail(.playbackFailed("unplugged"))
        await #expect(throws: AudioError.playbackFailed("unplugged")) {
            try await player.play(Frequency(hertz: 440), level: .zero)
        }
        await #expect(throws: AudioError.playbackFailed("unplugged")) {
            try await handle.adjustFrequency(Frequency(hertz: 450))
        }
        #expect(synthesizer.activeVoiceCount == 0)
    }
}
