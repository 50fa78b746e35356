import Foundation
import PeachAudio
import PeachCore
import Testing

@testable import PeachFluidSynth

/// What a listener hears where a looped key wraps around (frame `loop.upperBound - 1`, then
/// `loop.lowerBound`), in 50 ms windows of short-time RMS: the 50 ms before the crossfade (tail), the
/// crossfade itself (blend) and the 50 ms after the seam (head); and the same tail-to-head change
/// measured every 10 ms through the 0.6 s of the note on either side, which is how much the recording
/// moves by itself.
struct LoopSeam {
    let tail: Double, blend: Double, head: Double
    /// The largest tail-to-head change (dB) the note makes by itself near the seam.
    let ownJump: Double
    /// The largest sample step in the crossfade and at the wrap, the wrap's own step, and the note's
    /// largest step in the 0.6 s on either side.
    let step: Double, wrapStep: Double, ownStep: Double

    var jump: Double { head - tail }

    init(_ note: NoteSample) throws {
        let loop = try #require(note.loop)
        let window = Int(0.05 * note.sampleRate)
        let near = Int(0.6 * note.sampleRate)
        // The key played on past its seam: the loop's first 0.6 s again.
        let played =
            Array(note.samples[..<loop.upperBound]) + Array(note.samples[loop.lowerBound..<(loop.lowerBound + near)])
        let seam = loop.upperBound
        func level(_ from: Int) -> Double {
            let energy = played[from..<(from + window)].reduce(0.0) { $0 + Double($1) * Double($1) }
            return 10 * log10(energy / Double(window) + 1e-20)
        }
        tail = level(seam - 2 * window)
        blend = level(seam - window)
        head = level(seam)
        let before = stride(from: seam - near, to: seam - 3 * window, by: window / 5)
        let after = stride(from: seam + 2 * window, to: seam + near - window, by: window / 5)
        ownJump = (Array(before) + Array(after)).map { abs(level($0) - level($0 - 2 * window)) }.max()!
        func largestStep(_ range: Range<Int>) -> Double {
            range.dropFirst().map { abs(Double(played[$0]) - Double(played[$0 - 1])) }.max()!
        }
        step = largestStep((seam - window - 1)..<(seam + 1))
        wrapStep = abs(Double(played[seam]) - Double(played[seam - 1]))
        ownStep = max(largestStep((seam - near)..<(seam - window)), largestStep(seam..<(seam + near)))
    }
}

@Suite(.serialized)
struct LoopSeamTests {
    /// Every key of the default range (C2–C6) of every looped instrument.
    @Test(
        "Every looped key's seam keeps the note's level (no jump beyond 1 dB or the note's own change nearby, no dip or bump in the crossfade over 1 dB) and does not click",
        arguments: ["strings", "flute", "choir", "organ"])
    func seamsAreInaudible(sound id: String) throws {
        let library = try SoundLibrary(readyNotes: 1)
        let sound = try #require(library.sound(id: id))
        for key in 36...84 {
            let note = try #require(try library.noteSample(sound, key: key, longestNote: .seconds(3)))
            let seam = try LoopSeam(note)
            let figures = String(
                format:
                    "%@ MIDI %d: tail %.2f, blend %.2f, head %.2f dB (own change nearby ≤ %.2f dB); step %.4f, nearby %.4f",
                id, key, seam.tail, seam.blend, seam.head, seam.ownJump, seam.step, seam.ownStep)
            #expect(abs(seam.jump) <= max(1, seam.ownJump), "level jumps at the seam: \(figures)")
            #expect(seam.blend >= min(seam.tail, seam.head) - 1, "the crossfade dips: \(figures)")
            #expect(seam.blend <= max(seam.tail, seam.head) + 1, "the crossfade bumps: \(figures)")
            // The wrap itself is the recording's own step (no click); inside the crossfade two unrelated
            // stretches at equal power (gains 1/√2 each) can add their steps, up to √2 × the larger.
            #expect(seam.wrapStep <= seam.ownStep, "the wrap clicks: \(figures)")
            #expect(seam.step <= seam.ownStep * 2.squareRoot(), "the crossfade steps: \(figures)")
        }
    }
}
