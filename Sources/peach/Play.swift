import ArgumentParser
import PeachAudio
import PeachCore

struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a note, or a comparison as the trainer plays it, through the sound card.")

    @OptionGroup var tone: ToneOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var audio: AudioOptions

    func run() async throws {
        let synthesizer = try sound.synthesizer(settings: tone.synthesis)
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
        let negotiated = output.negotiated
        let milliseconds = { (frames: Double) in
            String(format: "%.2f ms", frames * 1000 / Double(negotiated.sampleRate))
        }
        Output.line(
            "played on \(audio.device): \(negotiated.format), \(negotiated.sampleRate) Hz, buffer \(negotiated.bufferFrames) frames "
                + "(\(milliseconds(Double(negotiated.bufferFrames)))), period \(negotiated.periodFrames) frames; queued after each write: "
                + "mean \(milliseconds(statistics.meanQueuedFrames)), max \(milliseconds(Double(statistics.queuedFramesMax))) "
                + "(\(statistics.deviceReportsDelay ? "as the device reports" : "the sink has no clock: paced by the monotonic clock")); "
                + "\(statistics.underruns) underruns")
    }
}
