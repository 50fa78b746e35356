import Foundation
import Synchronization
import Testing

@testable import PeachAudio
@testable import PeachCore

/// The pattern's start as the output reports it: an output rendering blocks on a thread of its own
/// (as ALSAOutput does) says when each change is heard; `play` returns the moment its first click
/// is heard, to the sample.
struct AudibleSynthesizerClickPlayerTests {
    /// Renders `blockFrames` at a time; block n is heard at `heardFrom + n × block + latency`.
    final class SimulatedOutput: Sendable {
        static let heardFrom = 777.0
        static let latency = 0.0123
        let synthesizer: Synthesizer
        let rendered = Mutex<[Float]>([])
        private let running = Atomic<Bool>(true)
        private let finished = DispatchSemaphore(value: 0)

        init(_ synthesizer: Synthesizer, blockFrames: Int, onChangeAudible: @escaping @Sendable (Double) -> Void) {
            self.synthesizer = synthesizer
            let rate = synthesizer.settings.sampleRate
            Thread { [self] in
                var reported = 0
                while running.load(ordering: .relaxed) {
                    var block = [Float](repeating: 0, count: blockFrames)
                    let changes = block.withUnsafeMutableBufferPointer { synthesizer.render(into: $0) }
                    let frame = rendered.withLock { rendered in
                        defer { rendered += block }
                        return rendered.count
                    }
                    if changes != reported {
                        reported = changes
                        onChangeAudible(Self.heardFrom + Double(frame) / rate + Self.latency)
                    }
                    usleep(200)
                }
                finished.signal()
            }.start()
        }

        func stop() {
            running.store(false, ordering: .relaxed)
            finished.wait()
        }
    }

    let onsets = RhythmMatchingTrial(tempo: TempoBPM(200)!, gapPositions: (0..<16).map { _ in 0 }).clickSeconds

    @Test(arguments: [64, 441])
    func playReturnsWhenTheFirstClickIsHeard(blockFrames: Int) async throws {
        let synthesizer = Synthesizer()
        let player = AudibleSynthesizerClickPlayer(synthesizer: synthesizer)
        let output = SimulatedOutput(synthesizer, blockFrames: blockFrames, onChangeAudible: player.changeAudible(at:))
        // The first click is at 75 ms; the pattern itself starts at the block after `play`.
        let start = try await player.play(onsets: onsets)
        try await Task.sleep(for: .milliseconds(150))
        output.stop()
        let rate = synthesizer.settings.sampleRate
        let heard = output.rendered.withLock { $0 }
        let firstClick = try #require(ClickOnsets.detect(heard, sampleRate: rate).first)
        let heardAt = SimulatedOutput.heardFrom + firstClick + SimulatedOutput.latency
        #expect(abs(heardAt - (start + onsets[0])) <= 0.5 / rate + 1e-9)
    }

    @Test func aChangeHeardBeforePlayIsNotThePatterns() async throws {
        let synthesizer = Synthesizer()
        let player = AudibleSynthesizerClickPlayer(synthesizer: synthesizer)
        player.changeAudible(at: 1)
        let output = SimulatedOutput(synthesizer, blockFrames: 128, onChangeAudible: player.changeAudible(at:))
        let start = try await player.play(onsets: onsets)
        output.stop()
        #expect(start >= SimulatedOutput.heardFrom)
    }

    @Test func stoppingEndsTheWaitForAPatternNoOutputPlays() async throws {
        let player = AudibleSynthesizerClickPlayer(synthesizer: Synthesizer())
        let returned = Mutex<Double?>(nil)
        Task {
            let start = try? await player.play(onsets: onsets)
            returned.withLock { $0 = start }
        }
        // Whether the stop comes while the pattern is handed over or once `play` waits, the wait ends.
        for _ in 0..<500 where returned.withLock({ $0 }) == nil {
            await player.stop()
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(returned.withLock { $0 }?.isNaN == true)
    }

    @Test func aLostOutputRefusesTheClicks() async {
        let synthesizer = Synthesizer()
        synthesizer.fail(.deviceUnavailable("gone"))
        await #expect(throws: AudioError.deviceUnavailable("gone")) {
            try await AudibleSynthesizerClickPlayer(synthesizer: synthesizer).play(onsets: [0])
        }
    }
}
