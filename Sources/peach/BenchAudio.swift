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
        let cpuBefore = Self.threadCPUSeconds()
        let elapsed = clock.measure {
            for _ in 0..<(frames / block.count) {
                block.withUnsafeMutableBufferPointer { _ = synthesizer.render(into: $0) }
                checksum += block[0]
            }
        }
        // CPU time is what the machine's other work cannot inflate; wall time is shown beside it.
        let cpu = Self.threadCPUSeconds() - cpuBefore
        // The checksum keeps the optimiser from discarding the rendering.
        Output.line(String(format: "voices %d audio %.3f s cpu %.6f s elapsed %.6f s realtime %.1f checksum %g",
                           voices, seconds, cpu, elapsed.seconds, seconds / cpu, checksum))
    }

    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
}
