import Testing

@testable import PeachAudio
@testable import PeachCore

/// The terminal's clicks: the whole pattern reaches the output sample for sample as Click.render
/// made it, however the output cuts it into blocks, so the spacing of the clicks is exact.
struct SynthesizerClickPlayerTests {
    let trial = RhythmComparison(tempo: TempoBPM(173)!, offsetPercent: -13.7)

    @Test(arguments: [64, 441, 1024])
    func thePatternPlaysUnchangedAcrossBlocks(blockSize: Int) async throws {
        let synthesizer = Synthesizer()
        try await SynthesizerClickPlayer(synthesizer: synthesizer).play(onsets: trial.clickSeconds)
        let expected = Click.render(onsets: trial.clickSeconds, sampleRate: synthesizer.settings.sampleRate)
        var heard: [Float] = []
        while heard.count < expected.count + blockSize {
            heard += synthesizer.render(count: blockSize)
        }
        #expect(Array(heard.prefix(expected.count)) == expected)
        #expect(heard.dropFirst(expected.count).allSatisfy { $0 == 0 }, "played once")
        #expect(synthesizer.activeVoiceCount == 0)

        // The onsets found in what was played are the trial's, to within half a sample.
        let onsets = ClickOnsets.detect(heard, sampleRate: synthesizer.settings.sampleRate)
        #expect(onsets.count == 4)
        for (onset, scheduled) in zip(onsets, trial.clickSeconds) {
            #expect(abs(onset - scheduled) <= 0.5 / synthesizer.settings.sampleRate + 1e-12)
        }
    }

    @Test func stoppingSilencesTheRestAtOnce() async throws {
        let synthesizer = Synthesizer()
        let player = SynthesizerClickPlayer(synthesizer: synthesizer)
        try await player.play(onsets: trial.clickSeconds)
        _ = synthesizer.render(count: 256)
        await player.stop()
        #expect(synthesizer.render(count: 48_000).allSatisfy { $0 == 0 })
    }

    @Test func aLostOutputRefusesNewClicks() async {
        let synthesizer = Synthesizer()
        synthesizer.fail(.deviceUnavailable("gone"))
        await #expect(throws: AudioError.deviceUnavailable("gone")) {
            try await SynthesizerClickPlayer(synthesizer: synthesizer).play(onsets: [0])
        }
    }
}
