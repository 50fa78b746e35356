import Foundation

/// The rhythm disciplines' click: a wood-block–like knock, a few inharmonic partials that die away
/// within tens of milliseconds over a short burst of noise (the stick's contact). Its onset is
/// sample 0, so a click scheduled at t sounds at t with no leading silence to skew the timing.
public enum Click {
    /// Short enough that clicks a sixteenth apart at 200 BPM (75 ms) never overlap.
    public static let duration = 0.05
    public static let peak: Float = 0.9

    /// Partials of a small wood block (Hz, relative level, decay time constant in seconds): a low
    /// body, higher modes that die faster.
    private static let partials: [(frequency: Double, level: Double, decay: Double)] = [
        (880, 1.0, 0.012), (1_870, 0.55, 0.007), (3_150, 0.3, 0.004), (4_980, 0.15, 0.0025),
    ]
    private static let noiseLevel = 0.6
    private static let noiseDecay = 0.0012
    /// A linear fade over the last milliseconds, so the click ends exactly at zero.
    private static let fade = 0.005

    /// The click at `sampleRate`, normalised to `peak`; its first sample is its loudest moment's start.
    public static func samples(sampleRate: Double) -> [Float] {
        let count = Int((duration * sampleRate).rounded())
        let fadeFrames = fade * sampleRate
        // A fixed linear congruential sequence: the same click on every render and every machine.
        var noiseState: UInt32 = 0x2545_F491
        var raw: [Double] = (0..<count).map { frame in
            let t = Double(frame) / sampleRate
            // The partials start at their crest (cosine), the noise at full level: the click is
            // loud from sample 0.
            var value = partials.reduce(0.0) { sum, p in
                sum + p.level * exp(-t / p.decay) * cos(2 * .pi * p.frequency * t)
            }
            noiseState = noiseState &* 1_664_525 &+ 1_013_904_223
            let noise = Double(noiseState >> 8) / Double(1 << 24) * 2 - 1
            value += noiseLevel * exp(-t / noiseDecay) * (frame == 0 ? 1 : noise)
            let remaining = Double(count - 1 - frame)
            return remaining < fadeFrames ? value * remaining / fadeFrames : value
        }
        let loudest = raw.map(abs).max() ?? 1
        raw = raw.map { $0 / loudest * Double(peak) }
        return raw.map(Float.init)
    }

    /// Clicks at `onsets` (seconds from time zero), each starting at the nearest sample — half a
    /// sample of rounding at most (10 µs at 48 kHz) — mixed into one buffer.
    public static func render(onsets: [Double], sampleRate: Double) -> [Float] {
        let click = samples(sampleRate: sampleRate)
        let starts = onsets.map { Int(($0 * sampleRate).rounded()) }
        var buffer = [Float](repeating: 0, count: (starts.max() ?? 0) + click.count)
        for start in starts where start >= 0 {
            for (offset, sample) in click.enumerated() { buffer[start + offset] += sample }
        }
        return buffer
    }
}
