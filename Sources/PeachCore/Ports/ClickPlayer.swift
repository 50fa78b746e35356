/// Whatever sounds a rhythm trial's clicks: the whole pattern at once, so the spacing between its
/// clicks is exact to the sample whatever the output's block size.
public protocol ClickPlayer: Sendable {
    /// Starts the clicks at `onsets` (seconds from the pattern's start) as soon as the output can.
    func play(onsets: [Double]) async throws(AudioError)
    /// Silences whatever of the pattern is still to sound.
    func stop() async
}
