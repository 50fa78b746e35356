import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

/// The native pitch detector for Benchmarks/bench.py: every frame of every WAV named, at the hop the
/// browser's AudioWorklet uses, as one JSON object (file → frequencies, null for no pitch), with the
/// audio duration and the thread's CPU time. bench.py scores the frames against the fixtures' manifest.
struct BenchPitch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-pitch", abstract: "Run the pitch detector over WAV files (used by the benchmarks).",
        shouldDisplay: false)

    @Option(help: "Samples between frames.")
    var hop = 1024

    @Argument(help: "Mono WAV files (16-bit PCM or 32-bit float).")
    var files: [String]

    struct Report: Encodable {
        var audioSeconds = 0.0
        var cpuSeconds = 0.0
        var window = 0
        var frames: [String: [Double?]] = [:]
    }

    func run() throws {
        var report = Report()
        for path in files {
            let wav = try WAVFile(decoding: Data(contentsOf: URL(fileURLWithPath: path)))
            let detector = PitchDetector(sampleRate: Double(wav.sampleRate))
            report.window = detector.window
            var frames: [Double?] = []
            let before = BenchAudio.threadCPUSeconds()
            wav.samples.withUnsafeBufferPointer { all in
                for start in stride(from: 0, through: all.count - detector.frameLength, by: hop) {
                    let frame = UnsafeBufferPointer(rebasing: all[start..<start + detector.frameLength])
                    frames.append(detector.detect(frame)?.frequency.hertz)
                }
            }
            report.cpuSeconds += BenchAudio.threadCPUSeconds() - before
            report.audioSeconds += Double(wav.samples.count) / Double(wav.sampleRate)
            report.frames[URL(fileURLWithPath: path).lastPathComponent] = frames
        }
        Output.line(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    }
}
