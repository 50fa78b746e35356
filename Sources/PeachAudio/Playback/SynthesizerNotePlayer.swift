import PeachCore

/// The NotePlayer on a Synthesizer: whatever consumes the synthesizer's samples (ALSA, an offline
/// render) decides where the sound goes.
public struct SynthesizerNotePlayer: NotePlayer {
    public let synthesizer: Synthesizer

    public init(synthesizer: Synthesizer) { self.synthesizer = synthesizer }

    public func play(_ frequency: Frequency, level: AmplitudeDB) async throws(AudioError) -> any PlaybackHandle {
        SynthesizerPlaybackHandle(synthesizer: synthesizer, voice: try synthesizer.start(frequency, level: level))
    }
}
