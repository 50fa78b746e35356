import PeachCore

/// Follows a stream of samples as the browser's AudioWorklet (web/js/audio/pitch-worklet.js) does: keeps
/// the newest frame and runs the detector on it every `hop` samples. No I/O: the terminal feeds it
/// what ALSA captured.
public struct PitchTracker: Sendable {
    /// About 21 ms at 48 kHz: 47 estimates a second, the worklet's cadence.
    public static let hop = 1024

    public let detector: PitchDetector
    private var ring: [Float]
    private var frame: [Float]
    private var write = 0
    private var filled = 0
    private var sinceLast = 0

    public init(sampleRate: Double) {
        detector = PitchDetector(sampleRate: sampleRate)
        ring = [Float](repeating: 0, count: detector.frameLength)
        frame = ring
    }

    /// Appends `samples`, the first captured at `time` seconds; returns a frame for every hop completed,
    /// timed by the frame's first sample. Frames that begin before `analysingFrom` are neither analysed
    /// nor returned (while the reference plays nobody listens: the thread stays free).
    public mutating func append(
        _ samples: UnsafeBufferPointer<Float>, startingAt time: Double, analysingFrom: Double = -.infinity
    ) -> [HeardPitch] {
        var heard: [HeardPitch] = []
        let length = ring.count
        for (index, sample) in samples.enumerated() {
            ring[write] = sample
            write = (write + 1) % length
            filled = min(length, filled + 1)
            sinceLast += 1
            guard filled == length, sinceLast >= Self.hop else { continue }
            sinceLast = 0
            let start = time + Double(index + 1 - length) / detector.sampleRate
            guard start >= analysingFrom else { continue }
            let tail = length - write
            frame.withUnsafeMutableBufferPointer { frame in
                ring.withUnsafeBufferPointer { ring in
                    _ = UnsafeMutableBufferPointer(rebasing: frame[0..<tail]).initialize(from: ring[write...])
                    _ = UnsafeMutableBufferPointer(rebasing: frame[tail...]).initialize(from: ring[..<write])
                }
            }
            let estimate = frame.withUnsafeBufferPointer { detector.detect($0) }
            heard.append(HeardPitch(time: start, frequency: estimate?.frequency))
        }
        return heard
    }
}
