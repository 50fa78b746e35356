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

    @Option(parsing: .upToNextOption, help: "The target (Hz) of each file, in order: also commit each as Sing It does.")
    var targets: [Double] = []

    @Argument(help: "Mono WAV files (16-bit PCM or 32-bit float).")
    var files: [String]

    /// What Sing It would store from one file: the detector's frames through `PitchTracker` and the
    /// commit rule (`SteadyPitch`, standard rules), as `peach sing` runs them.
    struct Commit: Encodable {
        /// Cents from the target, unfolded; nil when the rule never committed.
        var cents: Double?
        /// When the committing frame's last sample arrived, in seconds from the file's start.
        var seconds: Double?
    }

    struct Report: Encodable {
        var audioSeconds = 0.0
        var cpuSeconds = 0.0
        var window = 0
        var frames: [String: [Double?]] = [:]
        var commits: [String: Commit] = [:]
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
        for (path, target) in zip(files, targets) {
            let wav = try WAVFile(decoding: Data(contentsOf: URL(fileURLWithPath: path)))
            report.commits[URL(fileURLWithPath: path).lastPathComponent] = Self.commit(
                wav, target: Frequency(hertz: target))
        }
        Output.line(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    }

    static func commit(_ wav: WAVFile, target: Frequency) -> Commit {
        var tracker = PitchTracker(sampleRate: Double(wav.sampleRate))
        var steady = SteadyPitch()
        var commit = Commit()
        let frameSeconds = Double(tracker.detector.frameLength) / Double(wav.sampleRate)
        let heard = wav.samples.withUnsafeBufferPointer { tracker.append($0, startingAt: 0) }
        for frame in heard {
            let cents = frame.frequency.map { $0.cents(from: target).rawValue }
            if let held = steady.push(time: frame.time, cents: cents) {
                commit.cents = held
                commit.seconds = frame.time + frameSeconds
                break
            }
        }
        return commit
    }
}
