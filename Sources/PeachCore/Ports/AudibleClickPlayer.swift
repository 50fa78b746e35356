/// Plays a pattern of clicks and says when it is heard: Fill the Gap on a MIDI keyboard places each
/// key's timestamp on the pattern by that moment.
public protocol AudibleClickPlayer: Sendable {
    /// Starts the clicks at `onsets` (seconds from the pattern's start) as soon as the output can,
    /// and returns when the pattern's start reaches the speaker, in seconds on the clock MIDI events
    /// are stamped on (CLOCK_MONOTONIC).
    func play(onsets: [Double]) async throws(AudioError) -> Double
    /// Silences whatever of the pattern is still to sound.
    func stop() async
}
