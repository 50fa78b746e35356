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
    public static let renderVersion = "note-sample-2"

    public init(samples: [Float], sampleRate: Double, frequency: Frequency, loop: Range<Int>?) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.frequency = frequency
        self.loop = loop
    }

    /// Renders `source` (at its own pitch, times its level-matching gain): `duration` of it for a
    /// decaying sound, or the attack and one loop for a sustaining one.
    public static func render(_ source: any NoteSource, sampleRate: Double, sustains: Bool, duration: Duration)
        -> NoteSample
    {
        let frames = { (duration: Duration) in Int((duration.seconds * sampleRate).rounded()) }
        let start = frames(loopStart)
        let length = frames(loopLength)
        let fade = frames(crossfade)
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
        let end = bestLoopEnd(samples, start: start, around: start + length, search: search, window: fade)
        level(&samples, loop: start..<end, window: fade)
        crossfade(&samples, into: start, at: end, length: fade)
        return NoteSample(
            samples: Array(samples[..<end]), sampleRate: sampleRate, frequency: source.frequency, loop: start..<end)
    }

    /// The end within `search` frames after `around` whose preceding `window` frames correlate best
    /// with those before `start` (the stretches the crossfade blends): a low note's periods then line
    /// up, and an ensemble's blend cancels as little as it can.
    static func bestLoopEnd(_ samples: [Float], start: Int, around: Int, search: Int, window: Int) -> Int {
        var best = around
        var bestScore = -Double.infinity
        samples.withUnsafeBufferPointer { samples in
            for end in around..<(around + search) {
                var dot: Float = 0
                var energy: Float = 0
                for index in 0..<window {
                    let a = samples[start - window + index]
                    let b = samples[end - window + index]
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

    /// A recording is often louder or quieter 2.5 s in than 0.5 s in (by up to 7 dB): a slow gain
    /// across the loop, linear in decibels from 0 dB at its start, brings the `2 × window` frames
    /// before its end to the level of the `2 × window` frames around its start, which is what follows
    /// the seam. Spread over the whole loop, the change is a fraction of a decibel per 50 ms, which
    /// the note's own level moves by anyway.
    static func level(_ samples: inout [Float], loop: Range<Int>, window: Int) {
        let target = rms(samples[(loop.lowerBound - window)..<(loop.lowerBound + window)])
        let reached = rms(samples[(loop.upperBound - 2 * window)..<loop.upperBound])
        guard target > 0, reached > 0 else { return }
        let decibels = 20 * log10(target / reached)
        for index in loop {
            let share = Double(index - loop.lowerBound) / Double(loop.count)
            samples[index] = Float(Double(samples[index]) * pow(10, decibels * share / 20))
        }
    }

    /// Blends the `length` frames before `end` into those before `start`, so frame `end - 1` flows
    /// into frame `start` as frame `start - 1` does, keeping the level of what is heard on either side.
    /// The gains follow the two stretches' correlation r (Bristow-Johnson's crossfade: fade-out e + o,
    /// fade-in e − o, o odd, e² = 1 / (2(1 + r)) − (1 − r) / (1 + r) · o²): equal gain for waveforms
    /// that match (r = 1), equal power for unrelated ones (r = 0, an ensemble). An ensemble's
    /// correlation wanders within 50 ms, so the blend can still come out a few decibels off; a
    /// raised-cosine gain over it (1 at both ends) then brings its energy to the geometric mean of the
    /// `length` frames heard before it and after the seam.
    static func crossfade(_ samples: inout [Float], into start: Int, at end: Int, length: Int) {
        let tail = samples[(end - length)..<end].map(Double.init)
        let head = samples[(start - length)..<start].map(Double.init)
        let dot = zip(tail, head).reduce(0.0) { $0 + $1.0 * $1.1 }
        let tailEnergy = energy(tail[...])
        let headEnergy = energy(head[...])
        // Below −0.5 the gains would grow past 1 to make up for cancellation.
        let r = tailEnergy > 0 && headEnergy > 0 ? min(1, max(-0.5, dot / (tailEnergy * headEnergy).squareRoot())) : 1
        var blend = (0..<length).map { index in
            // From −1 (all tail) to 1 (all head).
            let t = 2 * Double(index + 1) / Double(length) - 1
            let odd = 0.5 * sin(Double.pi / 2 * t)
            let even = max(0, 1 / (2 * (1 + r)) - (1 - r) / (1 + r) * odd * odd).squareRoot()
            return tail[index] * (even - odd) + head[index] * (even + odd)
        }
        let before = energy(samples[(end - 2 * length)..<(end - length)].map(Double.init)[...])
        let after = energy(samples[start..<(start + length)].map(Double.init)[...])
        let bump = (0..<length).map { index in pow(sin(Double.pi * Double(index + 1) / Double(length)), 2) }
        // Σ (blend × (1 + u × bump))² = target, a quadratic in u.
        let target = (before * after).squareRoot()
        let a = zip(blend, bump).reduce(0.0) { $0 + $1.0 * $1.0 * $1.1 * $1.1 }
        let b = 2 * zip(blend, bump).reduce(0.0) { $0 + $1.0 * $1.0 * $1.1 }
        let c = energy(blend[...]) - target
        if a > 0, target > 0 {
            let u = (-b + max(0, b * b - 4 * a * c).squareRoot()) / (2 * a)
            // At most ±12 dB (a choir's key moves by that much within 100 ms on its own).
            let gain = min(4, max(0.25, 1 + u))
            for index in 0..<length { blend[index] *= 1 + (gain - 1) * bump[index] }
        }
        for index in 0..<length { samples[end - length + index] = Float(blend[index]) }
    }

    private static func energy(_ samples: ArraySlice<Double>) -> Double {
        samples.reduce(0.0) { $0 + $1 * $1 }
    }

    private static func rms(_ samples: ArraySlice<Float>) -> Double {
        (energy(samples.map(Double.init)[...]) / Double(samples.count)).squareRoot()
    }
}
