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

    @OptionGroup var sound: SoundOptions

    func run() throws {
        // Choosing an instrument → its first block: the preset's samples are decoded on first use.
        let clock = ContinuousClock()
        let loadStart = clock.now
        let synthesizer = try sound.synthesizer(settings: SynthesisSettings())
        var first = [Float](repeating: 0, count: 120)
        let firstVoice = try synthesizer.start(Frequency(note: MIDINote(60)!), level: AmplitudeDB(-12))
        first.withUnsafeMutableBufferPointer { _ = synthesizer.render(into: $0) }
        let firstNote = clock.now - loadStart
        synthesizer.release(firstVoice)
        while synthesizer.activeVoiceCount > 0 {
            first.withUnsafeMutableBufferPointer { _ = synthesizer.render(into: $0) }
        }
        for index in 0..<voices {
            _ = try synthesizer.start(Frequency(note: MIDINote(57 + index)!), level: AmplitudeDB(-12))
        }
        var block = [Float](repeating: 0, count: 120)
        let frames = Int(seconds * synthesizer.settings.sampleRate)
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
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        Output.line(
            String(
                format:
                    "voices %d audio %.3f s cpu %.6f s elapsed %.6f s realtime %.1f firstnote %.1f ms maxrss %.1f MB checksum %g",
                voices, seconds, cpu, elapsed.seconds, seconds / cpu, firstNote.seconds * 1000,
                Double(usage.ru_maxrss) / 1024, checksum))
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
}
