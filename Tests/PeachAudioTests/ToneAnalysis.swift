import Foundation

/// Measurements on rendered samples, independent of the synthesizer's own code.
enum ToneAnalysis {
    /// Estimates the frequency from the phase advance between two windowed stretches of a steady tone:
    /// demodulated at `nominal`, the phase turns by 2π·(f − nominal)·Δt between them. A 4-term
    /// Blackman–Harris window keeps the tone's negative-frequency image 92 dB down.
    static func frequency(
        of samples: [Float], sampleRate: Double, nominal: Double, first: Int, second: Int, length: Int
    ) -> Double {
        let z1 = demodulate(samples, sampleRate: sampleRate, frequency: nominal, start: first, length: length)
        let z2 = demodulate(samples, sampleRate: sampleRate, frequency: nominal, start: second, length: length)
        // arg(z2 · conj(z1))
        let turn = atan2(z2.im * z1.re - z2.re * z1.im, z2.re * z1.re + z2.im * z1.im)
        return nominal + turn / (2 * .pi * Double(second - first) / sampleRate)
    }

    private static func demodulate(
        _ samples: [Float], sampleRate: Double, frequency: Double, start: Int, length: Int
    ) -> (re: Double, im: Double) {
        var re = 0.0
        var im = 0.0
        for n in 0..<length {
            let x = Double(samples[start + n]) * blackmanHarris(n, length)
            let angle = -2 * Double.pi * frequency * Double(start + n) / sampleRate
            re += x * cos(angle)
            im += x * sin(angle)
        }
        return (re, im)
    }

    private static func blackmanHarris(_ n: Int, _ length: Int) -> Double {
        let x = 2 * Double.pi * Double(n) / Double(length - 1)
        return 0.35875 - 0.48829 * cos(x) + 0.14128 * cos(2 * x) - 0.01168 * cos(3 * x)
    }

    /// The loudest spectral component outside ±1 octave of `frequency`, in dB relative to the loudest
    /// component of all. The whole note is transformed: it starts and ends at zero, so its own
    /// envelope is the only window and everything outside the octave band is splatter of its ramps.
    static func splatter(of samples: [Float], sampleRate: Double, frequency: Double) -> Double {
        var size = 1
        while size < 2 * samples.count { size *= 2 }
        let magnitudes = spectrum(samples, size: size)
        var peak = 0.0
        var outside = 0.0
        for (bin, magnitude) in magnitudes.enumerated() {
            let hertz = Double(bin) * sampleRate / Double(size)
            peak = max(peak, magnitude)
            if hertz < frequency / 2 || hertz > frequency * 2 { outside = max(outside, magnitude) }
        }
        return 20 * log10(outside / peak)
    }

    /// |X(k)| for k = 0…size/2 (iterative radix-2 FFT, zero-padded).
    private static func spectrum(_ samples: [Float], size: Int) -> [Double] {
        var re = [Double](repeating: 0, count: size)
        var im = [Double](repeating: 0, count: size)
        let bits = size.trailingZeroBitCount
        for (index, sample) in samples.enumerated() {
            let reversed = Int(UInt(index).bitReversed(bits))
            re[reversed] = Double(sample)
        }
        var span = 1
        while span < size {
            let step = -Double.pi / Double(span)
            for start in stride(from: 0, to: size, by: 2 * span) {
                for k in 0..<span {
                    let wr = cos(step * Double(k))
                    let wi = sin(step * Double(k))
                    let a = start + k
                    let b = a + span
                    let tr = wr * re[b] - wi * im[b]
                    let ti = wr * im[b] + wi * re[b]
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                }
            }
            span *= 2
        }
        return (0...size / 2).map { (re[$0] * re[$0] + im[$0] * im[$0]).squareRoot() }
    }

    /// How far `samples[range]` is from the best-fitting sinusoid of exactly `frequency`: the RMS of
    /// the residual relative to the fitted amplitude. Near zero only if the tone is at that frequency.
    static func residualFromSine(_ samples: [Float], range: Range<Int>, frequency: Double, sampleRate: Double) -> Double
    {
        var ss = 0.0
        var cc = 0.0
        var sc = 0.0
        var xs = 0.0
        var xc = 0.0
        for n in range {
            let angle = 2 * Double.pi * frequency * Double(n) / sampleRate
            let s = sin(angle)
            let c = cos(angle)
            let x = Double(samples[n])
            ss += s * s
            cc += c * c
            sc += s * c
            xs += x * s
            xc += x * c
        }
        let determinant = ss * cc - sc * sc
        let a = (xs * cc - xc * sc) / determinant
        let b = (xc * ss - xs * sc) / determinant
        var residual = 0.0
        for n in range {
            let angle = 2 * Double.pi * frequency * Double(n) / sampleRate
            let e = Double(samples[n]) - a * sin(angle) - b * cos(angle)
            residual += e * e
        }
        return (residual / Double(range.count)).squareRoot() / ((a * a + b * b).squareRoot() / 2.squareRoot())
    }

    /// The largest difference between neighbouring samples.
    static func largestStep(_ samples: [Float], range: Range<Int>) -> Float {
        var largest: Float = 0
        for n in range.dropFirst() { largest = max(largest, abs(samples[n] - samples[n - 1])) }
        return largest
    }
}

extension UInt {
    fileprivate func bitReversed(_ bits: Int) -> UInt {
        var value = self
        var result: UInt = 0
        for _ in 0..<bits {
            result = (result << 1) | (value & 1)
            value >>= 1
        }
        return result
    }
}
