/// Finds where clicks start in rendered audio: what the render test and the scheduling benchmark
/// compare against each click's scheduled time.
public enum ClickOnsets {
    /// Each onset in seconds: the first sample louder than a tenth of the click's peak after at
    /// least 20 ms below it (the click's own tail dies under that level well within 20 ms).
    public static func detect(_ samples: [Float], sampleRate: Double) -> [Double] {
        let threshold = Click.peak / 10
        let quiet = Int(0.02 * sampleRate)
        var found: [Double] = []
        var lastLoud = -quiet - 1
        for (frame, sample) in samples.enumerated() where abs(sample) > threshold {
            if frame - lastLoud > quiet { found.append(Double(frame) / sampleRate) }
            lastLoud = frame
        }
        return found
    }
}
