import CALSA
import CALSASilence
import Foundation
import PeachCore

/// What playback and capture share: opening a PCM, its configuration, and the monotonic clock a
/// device without a clock of its own (null, file) is paced by.
public enum ALSAPCM {
    /// What the device agreed to; ALSA may round the requested sizes.
    public struct Negotiated: Hashable, Sendable {
        public let sampleRate: Int
        public let bufferFrames: Int
        public let periodFrames: Int
        public let format: String
    }

    /// Opens `device` for playback or capture, configured (see `configure`) and prepared; a
    /// failure names the device.
    static func open(
        _ device: String, _ stream: snd_pcm_stream_t, sampleRate: Int, bufferTime: Duration, periodTime: Duration,
        startThreshold: Int?
    ) throws(AudioError) -> (OpaquePointer, Negotiated, usesFloat: Bool) {
        // A failure is reported once, by the AudioError, not also by ALSA on standard error.
        peach_alsa_silence_library_errors()
        var handle: OpaquePointer?
        var status = snd_pcm_open(&handle, device, stream, 0)
        guard status >= 0, let handle else { throw .deviceUnavailable("\(device): \(describe(status))") }
        do throws(AudioError) {
            let (negotiated, usesFloat) = try configure(
                handle, device: device, sampleRate: sampleRate, bufferTime: bufferTime, periodTime: periodTime,
                startThreshold: startThreshold)
            status = snd_pcm_prepare(handle)
            guard status >= 0 else { throw AudioError.deviceUnavailable("\(device): \(describe(status))") }
            return (handle, negotiated, usesFloat)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
    }

    /// Mono, interleaved, FLOAT_LE (or S16_LE where the device has no float) at `sampleRate`, with
    /// the period and buffer nearest to those asked for; playback or capture alike.
    /// - Parameter startThreshold: frames queued before playback starts (nil: one period).
    private static func configure(
        _ pcm: OpaquePointer, device: String, sampleRate: Int, bufferTime: Duration, periodTime: Duration,
        startThreshold: Int?
    ) throws(AudioError) -> (Negotiated, usesFloat: Bool) {
        var hardware: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hardware) >= 0, let hardware else {
            throw .deviceUnavailable("out of memory")
        }
        defer { snd_pcm_hw_params_free(hardware) }
        func check(_ status: Int32, _ what: String) throws(AudioError) {
            if status < 0 { throw .deviceUnavailable("\(device): \(what): \(describe(status))") }
        }
        try check(snd_pcm_hw_params_any(pcm, hardware), "no configuration")
        try check(snd_pcm_hw_params_set_access(pcm, hardware, SND_PCM_ACCESS_RW_INTERLEAVED), "interleaved access")
        // Float keeps the synthesizer's precision; a card that only takes 16-bit gets plain rounding.
        let usesFloat = snd_pcm_hw_params_set_format(pcm, hardware, SND_PCM_FORMAT_FLOAT_LE) >= 0
        if !usesFloat {
            try check(snd_pcm_hw_params_set_format(pcm, hardware, SND_PCM_FORMAT_S16_LE), "sample format")
        }
        try check(snd_pcm_hw_params_set_channels(pcm, hardware, 1), "mono")
        var rate = UInt32(sampleRate)
        try check(snd_pcm_hw_params_set_rate(pcm, hardware, rate, 0), "\(sampleRate) Hz")
        var direction: Int32 = 0
        var period = snd_pcm_uframes_t((periodTime.seconds * Double(sampleRate)).rounded())
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hardware, &period, &direction), "period size")
        var buffer = snd_pcm_uframes_t((bufferTime.seconds * Double(sampleRate)).rounded())
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hardware, &buffer), "buffer size")
        try check(snd_pcm_hw_params(pcm, hardware), "applying the configuration")
        snd_pcm_hw_params_get_rate(hardware, &rate, &direction)
        snd_pcm_hw_params_get_period_size(hardware, &period, &direction)
        snd_pcm_hw_params_get_buffer_size(hardware, &buffer)

        var software: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&software) >= 0, let software else {
            throw .deviceUnavailable("out of memory")
        }
        defer { snd_pcm_sw_params_free(software) }
        try check(snd_pcm_sw_params_current(pcm, software), "software parameters")
        try check(
            snd_pcm_sw_params_set_start_threshold(
                pcm, software, startThreshold.map { snd_pcm_uframes_t($0) } ?? period), "start threshold")
        try check(snd_pcm_sw_params_set_avail_min(pcm, software, period), "wake-up threshold")
        try check(snd_pcm_sw_params(pcm, software), "applying the software parameters")

        let negotiated = Negotiated(
            sampleRate: Int(rate), bufferFrames: Int(buffer), periodFrames: Int(period),
            format: usesFloat ? "FLOAT_LE" : "S16_LE")
        return (negotiated, usesFloat)
    }

    static func describe(_ status: Int32) -> String { String(cString: snd_strerror(status)) }

    /// CLOCK_MONOTONIC in seconds: the clock capture times and `latency-trace` lines are on.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
