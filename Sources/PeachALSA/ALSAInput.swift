import CALSA
import Foundation
import PeachAudio
import PeachCore
import Synchronization

/// Reads an ALSA capture device (the microphone) from a thread of its own, a period at a time, and
/// hands each block to `onSamples` with the CLOCK_MONOTONIC time its first sample was captured.
public final class ALSAInput: @unchecked Sendable {
    public struct Configuration: Hashable, Sendable {
        public var device: String
        public var sampleRate: Int
        /// How much is read at once: the capture's share of the latency.
        public var periodTime: Duration
        /// How much the device may hold unread before it overruns.
        public var bufferTime: Duration

        public init(
            device: String = "default", sampleRate: Int = 48_000, periodTime: Duration = .milliseconds(5),
            bufferTime: Duration = .milliseconds(200)
        ) {
            self.device = device
            self.sampleRate = sampleRate
            self.periodTime = periodTime
            self.bufferTime = bufferTime
        }
    }

    public let negotiated: ALSAPCM.Negotiated
    private let pcm: OpaquePointer
    private let usesFloat: Bool
    private let running = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let onSamples: @Sendable (UnsafeBufferPointer<Float>, Double) -> Void
    private let onFailure: @Sendable (AudioError) -> Void

    /// Opens and configures the device; capture starts with `start()`.
    /// - Parameters:
    ///   - onSamples: called on the capture thread with each block and its first sample's time.
    ///   - onFailure: called once if the stream breaks; capture has stopped then.
    public init(
        configuration: Configuration = Configuration(),
        onSamples: @escaping @Sendable (UnsafeBufferPointer<Float>, Double) -> Void,
        onFailure: @escaping @Sendable (AudioError) -> Void
    ) throws(AudioError) {
        self.onSamples = onSamples
        self.onFailure = onFailure
        // Capture starts with the first read.
        (pcm, negotiated, usesFloat) = try ALSAPCM.open(
            configuration.device, SND_PCM_STREAM_CAPTURE, sampleRate: configuration.sampleRate,
            bufferTime: configuration.bufferTime, periodTime: configuration.periodTime, startThreshold: 1)
    }

    public func start() {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "peach-alsa-capture"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Stops the thread and closes the device.
    public func close() async {
        if running.exchange(false, ordering: .acquiringAndReleasing) {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    self.finished.wait()
                    continuation.resume()
                }
            }
        }
        snd_pcm_close(pcm)
    }

    private func run() {
        let frames = negotiated.periodFrames
        let rate = Double(negotiated.sampleRate)
        var floats = [Float](repeating: 0, count: frames)
        var shorts = [Int16](repeating: 0, count: usesFloat ? 0 : frames)
        var framesRead = 0
        // When sample 0 of the stream was captured. Each block is timed by its position in the stream,
        // so a late wake-up of this thread does not bend the frames' timing (the commit rule measures
        // a held second by it); an overrun loses samples, so the stream is anchored anew after one.
        var anchor: Double?

        while running.load(ordering: .relaxed) {
            let status: Int
            if usesFloat {
                status = floats.withUnsafeMutableBytes { read($0.baseAddress!, frames: frames) }
            } else {
                status = shorts.withUnsafeMutableBytes { read($0.baseAddress!, frames: frames) }
                for index in 0..<frames { floats[index] = Float(shorts[index]) / 32768 }
            }
            guard status >= 0 else {
                onFailure(.captureFailed("\(ALSAPCM.describe(Int32(status)))"))
                running.store(false, ordering: .relaxed)
                return
            }
            if status == 0 { anchor = nil }
            if anchor == nil {
                // What is still queued in the device was captured after this block.
                var delay: snd_pcm_sframes_t = 0
                if snd_pcm_delay(pcm, &delay) < 0 { delay = 0 }
                anchor = ALSAPCM.monotonicSeconds() - Double(max(0, delay) + frames) / rate - Double(framesRead) / rate
            }
            let start = anchor! + Double(framesRead) / rate
            framesRead += frames
            // A source with no clock of its own (null, file) gives everything at once. Pace it by the
            // monotonic clock as a microphone would be; a real device is never ahead of it.
            let due = anchor! + Double(framesRead) / rate
            let now = ALSAPCM.monotonicSeconds()
            if due > now { ALSAPCM.sleep(seconds: due - now) }
            floats.withUnsafeBufferPointer { onSamples($0, start) }
        }
    }

    /// Reads one period, recovering from overruns; returns `frames`, 0 when samples were lost on the
    /// way (an overrun), or a negative errno when the device is lost.
    private func read(_ samples: UnsafeMutableRawPointer, frames: Int) -> Int {
        let bytesPerFrame = usesFloat ? 4 : 2
        var offset = 0
        var lost = false
        while offset < frames {
            let got = snd_pcm_readi(pcm, samples + offset * bytesPerFrame, snd_pcm_uframes_t(frames - offset))
            if got >= 0 {
                offset += got
                continue
            }
            // Overrun (EPIPE), suspend (ESTRPIPE) and interrupted calls are recoverable; the rest is not.
            let recovered = snd_pcm_recover(pcm, Int32(got), 1)
            if recovered < 0 { return Int(recovered) }
            lost = lost || got == -Int(EPIPE) || got == -Int(ESTRPIPE)
        }
        return lost ? 0 : frames
    }
}
