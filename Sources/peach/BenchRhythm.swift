import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

/// Scheduling accuracy of the rhythm clicks for Benchmarks/bench.py: Compare Timing trials at
/// random tempos and offsets rendered offline (PeachAudio's Click), each click's onset found in the
/// samples and compared with its schedule.
struct BenchRhythm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-rhythm",
        abstract: "Measure click scheduling in the native render (used by the benchmarks).",
        shouldDisplay: false)

    @Option(help: "Clicks to render (four per trial).")
    var clicks = 1_000

    @Option(help: "Sample rate in Hz.")
    var sampleRate = 48_000.0

    func run() throws {
        var generator = SeededGenerator(seed: 16)
        var deviations: [Double] = []
        var displacementErrors: [Double] = []
        var missed = 0
        for _ in 0..<(clicks + RhythmComparison.clickCount - 1) / RhythmComparison.clickCount {
            let tempo = TempoBPM(Int.random(in: TempoBPM.range, using: &generator))!
            let percent =
                Double.random(in: RhythmComparison.percentBounds, using: &generator)
                * (Bool.random(using: &generator) ? 1 : -1)
            let trial = RhythmComparison(tempo: tempo, offsetPercent: percent)
            let heard = ClickOnsets.detect(
                Click.render(onsets: trial.clickSeconds, sampleRate: sampleRate), sampleRate: sampleRate)
            guard heard.count == trial.clickSeconds.count else {
                missed += 1
                continue
            }
            deviations += zip(heard, trial.clickSeconds).map { abs($0 - $1) * 1000 }
            displacementErrors.append(abs(heard[2] - 2 * tempo.sixteenthSeconds - trial.offsetSeconds) * 1000)
        }
        print(
            String(
                format: "clicks %d max_ms %.4f mean_ms %.4f displacement_max_ms %.4f missed_trials %d",
                deviations.count, deviations.max() ?? .nan, deviations.reduce(0, +) / Double(max(1, deviations.count)),
                displacementErrors.max() ?? .nan, missed))
    }
}
