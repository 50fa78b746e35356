import Foundation
import PeachCore

/// One instrument key rendered once, for a player that resamples a buffer (the browser's Web Audio):
/// the key's calibrated frequency, its level-matched samples and, for a sustaining sound, the loop
/// that holds the note for as long as it is needed.
public struct NoteSample: Sendable {
    public let samples: [Float]
    public let sampleRate: Double
    /// What the samples sound at: the player reads them at target ÷ this.
    public let frequency: Frequency
    /// Frames `loop.lowerBound..<loop.upperBound` repeat seamlessly; nil for a decaying sound, whose
    /// samples cover the longest note.
    public let loop: Range<Int>?

    /// The loop is the stretch the calibration measured (0.5-2.5 s, scripts/calibrate_sounds.py): a
    /// held note then averages to the calibrated frequency, whatever the recorded vibrato and drift
    /// (the choir's samples drift by tens of cents; a shorter loop would hold a different mean).
    public static let loopStart = Duration.seconds(0.5)
    public static let loopLength = Duration.seconds(2.0)
    /// The crossfade that joins the loop's end to its start.
    public static let crossfade = Duration.seconds(0.05)
    /// Changes whenever `render` would make other samples from the same note: keys kept on disk
    /// name it, so a newer Peach never plays an older rendering.
    public static let renderVersion = "note-sample-1"

    public init(samples: [Float], sampleRate: Double, frequency: Frequency, loop: Range<Int>?) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.frequency = frequency
        self.loop = loop
    }

    /// Renders `source` (at its own pitch, times its level-matching gain): `duration` of it for a
    /// decaying sound, or the attack and one loop for a sustaining one.
    public static func render(_ source: any NoteSource, sampleRate: Double, sustains: Bool, duration: Duration) -> NoteSample {
        let frames = { (duration: Duration) in Int((duration.seconds * sampleRate).rounded()) }
        let start = frames(loopStart), length = frames(loopLength), fade = frames(crossfade)
        // The loop's end moves by up to one period of a low note to land where the waveform matches.
        let search = frames(.milliseconds(30))
        let count = sustains ? start + length + search : frames(duration)
        var samples = [Float](repeating: 0, count: count)
        var offset = 0
        var block = [Float](repeating: 0, count: 256)
        while offset < count {
            block.withUnsafeMutableBufferPointer { source.render(into: $0) }
            let taken = min(block.count, count - offset)
            for index in 0..<taken { samples[offset + index] = Float(Double(block[index]) * source.gain) }
            offset += taken
        }
        source.finish()
        guard sustains else {
            return NoteSample(samples: samples, sampleRate: sampleRate, frequency: source.frequency, loop: nil)
        }
        // Matching the last 10 ms before each candidate end is enough to align the phases.
        let end = bestLoopEnd(samples, start: start, around: start + length, search: search, window: frames(.milliseconds(10)))
        crossfade(&samples, into: start, at: end, length: fade)
        return NoteSample(
            samples: Array(samples[..<end]), sampleRate: sampleRate, frequency: source.frequency, loop: start..<end)
    }

    /// The end within `search` frames after `around` whose preceding `window` frames look most like
    /// those before `start`: the crossfade then blends two nearly equal waveforms (no dip, no phase
    /// jump) instead of two out of phase.
    static func bestLoopEnd(_ samples: [Float], start: Int, around: Int, search: Int, window: Int) -> Int {
        var best = around, bestScore = -Double.infinity
        samples.withUnsafeBufferPointer { samples in
            for end in around..<(around + search) {
                var dot: Float = 0, energy: Float = 0
                for index in 0..<window {
                    let a = samples[start - window + index], b = samples[end - window + index]
                    dot += a * b
                    energy += b * b
                }
                let score = energy > 0 ? Double(dot / energy.squareRoot()) : 0
                if score > bestScore {
                    bestScore = score
                    best = end
                }
            }
        }
        return best
    }

    /// Blends the `length` frames before `end` into those before `start` with a raised-cosine
    /// crossfade, so frame `end - 1` flows into frame `start` as frame `start - 1` does. Gains sum to
    /// one: the two stretches are aligned by `bestLoopEnd`, so they add in phase.
    static func crossfade(_ samples: inout [Float], into start: Int, at end: Int, length: Int) {
        for index in 0..<length {
            let fadeIn = 0.5 - 0.5 * cos(Double.pi * Double(index + 1) / Double(length))
            let tail = Double(samples[end - length + index]), head = Double(samples[start - length + index])
            samples[end - length + index] = Float(tail * (1 - fadeIn) + head * fadeIn)
        }
    }
}
