import ArgumentParser
import Foundation
import PeachAudio

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a note, or a comparison as the trainer plays it, to a WAV file (32-bit float, mono, 48 kHz).")

    @OptionGroup var tone: ToneOptions
    @OptionGroup var sound: SoundOptions

    @Option(name: .shortAndLong, help: "The WAV file to write.")
    var output: String

    func run() async throws {
        let renderer = OfflineRenderer(
            settings: tone.synthesis, instrument: try sound.instrument(sampleRate: tone.synthesis.sampleRate))
        let samples = renderer.render(tone.notes)
        let file = WAVFile(samples: samples, sampleRate: Int(renderer.settings.sampleRate))
        try file.data.write(to: URL(fileURLWithPath: output), options: .atomic)
        Output.line(String(format: "%@: %.3f s", output, Double(samples.count) / renderer.settings.sampleRate))
    }
}
