import PeachCore

/// Ownership of one synthesizer voice. `stop()` starts the release ramp once; later calls do nothing,
/// since the synthesizer ignores a second release of the same voice.
public struct SynthesizerPlaybackHandle: PlaybackHandle {
    let synthesizer: Synthesizer
    let voice: VoiceID

    public func stop() async { synthesizer.release(voice) }

    public func adjustFrequency(_ frequency: Frequency) async throws(AudioError) {
        try synthesizer.retune(voice, to: frequency)
    }
}
