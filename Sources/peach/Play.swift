import ArgumentParser
import PeachAudio
import PeachCore

struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a note, or a comparison as the trainer plays it, through the sound card.")

    @OptionGroup var tone: ToneOptions
    @OptionGroup var audio: AudioOptions

    func run() async throws {
        let synthesizer = Synthesizer(settings: tone.synthesis)
        let output = try audio.start(synthesizer)
        let player = SynthesizerNotePlayer(synthesizer: synthesizer)
        let clock = ContinuousClock()
        let began = clock.now
        for note in tone.notes {
            try await clock.sleep(until: began + note.start)
            try await player.play(note.tone, clock: clock)
        }
        await output.close()
        let statistics = output.currentStatistics
        Output.line("played on \(audio.device): buffer \(output.negotiated.bufferFrames) frames, period \(output.negotiated.periodFrames), \(output.negotiated.format), \(statistics.underruns) underruns")
    }
}
