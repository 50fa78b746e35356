import CALSA
import Foundation
import PeachAudio
import PeachCore
import Synchronization

/// Streams a Synthesizer to an ALSA playback device from a thread of its own, a period at a time.
/// The buffer holds at most `bufferTime` of sound, so a note starts or retunes within that time.
public final class ALSAOutput: @unchecked Sendable {
    public struct Configuration: Hashable, Sendable {
        public var device: String
        /// The most sound queued ahead of the speaker: the output's share of the latency, which must stay under 10 ms.
        public var bufferTime: Duration
        /// How much is rendered and written at once; a quarter of the buffer leaves room for a late wake-up.
        public var periodTime: Duration

        public init(
            device: String = "default", bufferTime: Duration = .milliseconds(10),
            periodTime: Duration = .microseconds(2500)
        ) {
            self.device = device
            self.bufferTime = bufferTime
            self.periodTime = periodTime
        }
    }

    public typealias Negotiated = ALSAPCM.Negotiated

    public struct Statistics: Hashable, Sendable {
        public var underruns = 0
        /// Sound queued ahead of the speaker right after each write, in frames.
        public var queuedFramesSum = 0
        public var queuedFramesMax = 0
        public var writes = 0
        /// Whether the device reported its own queue; a sink without a clock (null, file) does not,
        /// and the output then paces itself by the monotonic clock.
        public var deviceReportsDelay = false

        public var meanQueuedFrames: Double { writes == 0 ? 0 : Double(queuedFramesSum) / Double(writes) }
    }

    public let synthesizer: Synthesizer
    public let negotiated: Negotiated
    private let pcm: OpaquePointer
    private let usesFloat: Bool
    private let running = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let statistics = Mutex(Statistics())
    private let onChangeAudible: (@Sendable (Double) -> Void)?

    /// Opens and configures the device; playback starts with `start()`.
    /// - Parameter onChangeAudible: called on the audio thread with the CLOCK_MONOTONIC time, in
    ///   seconds, at which the first block reflecting a new synthesizer command reaches the speaker.
    public init(
        configuration: Configuration = Configuration(), synthesizer: Synthesizer,
        onChangeAudible: (@Sendable (Double) -> Void)? = nil
    ) throws(AudioError) {
        self.synthesizer = synthesizer
        self.onChangeAudible = onChangeAudible
        (pcm, negotiated, usesFloat) = try ALSAPCM.open(
            configuration.device, SND_PCM_STREAM_PLAYBACK, sampleRate: Int(synthesizer.settings.sampleRate),
            bufferTime: configuration.bufferTime, periodTime: configuration.periodTime,
            // Start as soon as one period is queued: waiting for a full buffer would add its length again.
            startThreshold: nil)
    }

    public var currentStatistics: Statistics { statistics.withLock { $0 } }

    public func start() {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "peach-alsa"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Lets sounding notes finish their release (up to `grace`), stops the thread and closes the device.
    public func close(grace: Duration = .seconds(1)) async {
        if running.load(ordering: .acquiring) {
            let deadline = ContinuousClock.now + grace
            while synthesizer.activeVoiceCount > 0, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
            running.store(false, ordering: .releasing)
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    self.finished.wait()
                    continuation.resume()
                }
            }
            snd_pcm_drain(pcm)
        }
        snd_pcm_close(pcm)
    }

    // MARK: - The audio thread

    private func run() {
        // With 10 ms of buffer, a wake-up that comes late is an underrun. Ask for real-time scheduling;
        // where it is not granted (no RLIMIT_RTPRIO, no privilege) the thread runs as before. The loop
        // always blocks or sleeps between periods, so it cannot monopolise a core.
        var priority = sched_param()
        priority.sched_priority = 10
        _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &priority)

        let frames = negotiated.periodFrames
        let rate = Double(negotiated.sampleRate)
        var floats = [Float](repeating: 0, count: frames)
        var shorts = [Int16](repeating: 0, count: usesFloat ? 0 : frames)
        var framesWritten = 0
        var reportedChanges = 0
        var clockStart: Double?

        while running.load(ordering: .relaxed) {
            let changes = floats.withUnsafeMutableBufferPointer { synthesizer.render(into: $0) }
            let status: Int
            if usesFloat {
                status = floats.withUnsafeBufferPointer { write($0.baseAddress!, frames: frames) }
            } else {
                for index in 0..<frames {
                    shorts[index] = Int16((max(-1, min(1, floats[index])) * 32767).rounded())
                }
                status = shorts.withUnsafeBufferPointer { write($0.baseAddress!, frames: frames) }
            }
            guard status >= 0 else {
                synthesizer.fail(.playbackFailed(ALSAPCM.describe(Int32(status))))
                running.store(false, ordering: .relaxed)
                return
            }
            framesWritten += frames

            var delay: snd_pcm_sframes_t = 0
            if snd_pcm_delay(pcm, &delay) < 0 { delay = 0 }
            let queued: Int
            if delay > 0 {
                queued = delay
            } else {
                // A sink with no clock of its own (null, file) takes everything at once. Pace by the
                // monotonic clock instead, never more than one buffer ahead, as a sound card would.
                let start = clockStart ?? ALSAPCM.monotonicSeconds()
                clockStart = start
                let due = start + Double(framesWritten - negotiated.bufferFrames) / rate
                let now = ALSAPCM.monotonicSeconds()
                // When behind (the thread was descheduled) it writes on without sleeping, so the stream
                // keeps wall-clock time as a card's would (on a card the gap would be an underrun).
                if due > now { ALSAPCM.sleep(seconds: due - now) }
                queued = max(0, framesWritten - Int(((ALSAPCM.monotonicSeconds() - start) * rate).rounded()))
            }
            if changes != reportedChanges {
                reportedChanges = changes
                // The block just written starts `queued - frames` frames from now.
                onChangeAudible?(ALSAPCM.monotonicSeconds() + Double(max(0, queued - frames)) / rate)
            }
            statistics.withLock { stats in
                stats.writes += 1
                stats.queuedFramesSum += queued
                stats.queuedFramesMax = max(stats.queuedFramesMax, queued)
                if delay > 0 { stats.deviceReportsDelay = true }
            }
        }
    }

    /// Writes one period, recovering from underruns; returns a negative errno when the device is lost.
    private func write(_ samples: UnsafeRawPointer, frames: Int) -> Int {
        let bytesPerFrame = usesFloat ? 4 : 2
        var offset = 0
        while offset < frames {
            let written = snd_pcm_writei(pcm, samples + offset * bytesPerFrame, snd_pcm_uframes_t(frames - offset))
            if written >= 0 {
                offset += written
                continue
            }
            if written == -Int(EPIPE) {
                statistics.withLock { $0.underruns += 1 }
            }
            // Underrun (EPIPE), suspend (ESTRPIPE) and interrupted calls are recoverable; the rest is not.
            let recovered = snd_pcm_recover(pcm, Int32(written), 1)
            if recovered < 0 { return Int(recovered) }
        }
        return frames
    }

}
