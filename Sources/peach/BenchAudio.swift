import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

/// Synthesis speed for Benchmarks/bench.py: one thread renders in the blocks the ALSA output uses.
struct BenchAudio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-audio", abstract: "Measure synthesis speed (used by the benchmarks).", shouldDisplay: false)

    @Option(help: "Seconds of audio to render.")
    var seconds = 120.0

    @Option(help: "Notes sounding at once.")
    var voices = 1

    func run() throws {
        let synthesizer = Synthesizer()
        for index in 0..<voices {
            _ = try synthesizer.start(Frequency(note: MIDINote(57 + index)!), level: AmplitudeDB(-12))
        }
        var block = [Float](repeating: 0, count: 120)
        let frames = Int(seconds * synthesizer.settings.sampleRate)
        let clock = ContinuousClock()
        var checksum: Float = 0
        let elapsed = clock.measure {
            for _ in 0..<(frames / block.count) {
                block.withUnsafeMutableBufferPointer { _ = synthesizer.render(into: $0) }
                checksum += block[0]
            }
        }
        // The checksum keeps the optimiser from discarding the rendering.
        Output.line(String(format: "voices %d audio %.3f s elapsed %.6f s realtime %.1f checksum %g",
                           voices, seconds, elapsed.seconds, seconds / elapsed.seconds, checksum))
    }
}
