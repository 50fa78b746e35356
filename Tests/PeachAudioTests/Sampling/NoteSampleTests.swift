import Foundation
import PeachCore
import Testing

@testable import PeachAudio

struct NoteSampleTests {
    let native = Frequency(hertz: 261.6)

    func sample(sustains: Bool) throws -> NoteSample {
        let source = try SineInstrument(native: native).source(for: native)
        return NoteSample.render(source, sampleRate: 48_000, sustains: sustains, duration: .seconds(3))
    }

    @Test("A decaying sound is rendered whole, with the source's gain, and has no loop")
    func decaying() throws {
        let note = try sample(sustains: false)
        #expect(note.samples.count == 144_000)
        #expect(note.loop == nil)
        #expect(note.frequency == native)
        #expect(abs(Double(note.samples.map { abs($0) }.max()!) - 0.5) < 0.001)
    }

    @Test("A sustaining sound loops: played across the seam, no sample step exceeds the tone's own largest")
    func seamlessLoop() throws {
        let note = try sample(sustains: true)
        let loop = try #require(note.loop)
        #expect(loop.lowerBound == 24_000)
        #expect(note.samples.count == loop.upperBound)
        #expect((120_000..<121_440).contains(loop.upperBound))
        let played =
            Array(note.samples[(loop.upperBound - 2_400)...])
            + Array(note.samples[loop.lowerBound..<(loop.lowerBound + 2_400)])
        let steps = zip(played, played.dropFirst()).map { abs(Double($1 - $0)) }
        let ownLargest = 2 * 0.5 * sin(Double.pi * native.hertz / 48_000)
        #expect(steps.max()! <= ownLargest * 1.01)
        // The crossfade adds in phase: the level stays within 0.1 dB of the tone's.
        let peak = Double(played.map { abs($0) }.max()!)
        let trough = (0..<(played.count - 200)).map { start in
            played[start..<(start + 200)].map { abs(Double($0)) }.max()!
        }.min()!
        #expect(20 * log10(peak / trough) < 0.1)
    }
}
