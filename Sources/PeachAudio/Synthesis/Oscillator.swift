import Foundation
import PeachCore

/// A phase accumulator in double precision. The phase counts cycles and is wrapped every cycle, so it
/// never grows large enough to lose precision: the frequency error is that of one Double division.
struct Oscillator {
    private(set) var phase: Double = 0
    /// Cycles per sample.
    private(set) var increment: Double
    private let sampleRate: Double
    private var glide: Glide?

    /// A retune moving through log-frequency along a raised-cosine curve, so the pitch moves
    /// smoothly and the phase never jumps.
    private struct Glide {
        let fromLog: Double
        let toLog: Double
        let target: Double
        let length: Int
        var position = 0
    }

    init(frequency: Frequency, sampleRate: Double) {
        self.sampleRate = sampleRate
        increment = frequency.hertz / sampleRate
    }

    var frequency: Frequency { Frequency(hertz: increment * sampleRate) }

    var isGliding: Bool { glide != nil }

    /// Starts gliding from wherever the pitch is now (also mid-glide) to `frequency`.
    mutating func glide(to frequency: Frequency, samples: Int) {
        let target = frequency.hertz / sampleRate
        guard samples > 0 else {
            increment = target
            glide = nil
            return
        }
        glide = Glide(fromLog: log2(increment), toLog: log2(target), target: target, length: samples)
    }

    /// Returns the phase of this sample and advances by one sample.
    mutating func advance() -> Double {
        let current = phase
        if var active = glide {
            active.position += 1
            if active.position >= active.length {
                // Land exactly on the target's increment, not on exp2(log2(target)).
                increment = active.target
                glide = nil
            } else {
                let shape = 0.5 - 0.5 * cos(Double.pi * Double(active.position) / Double(active.length))
                increment = exp2(active.fromLog + (active.toLog - active.fromLog) * shape)
                glide = active
            }
        }
        phase += increment
        if phase >= 1 { phase -= 1 }
        return current
    }
}
