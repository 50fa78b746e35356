/// Plays a trial's sound for the session loop's driver on the kind's own output: notes
/// (`TonePlayer`), Compare Timing's clicks (`ClickTrialPlayer`), Fill the Gap's (`TappedClickPlayer`).
public protocol TrialPlayer<Sound>: Sendable {
    associatedtype Sound: Sendable

    /// Plays `sound`, calls `opened` when answers open (`answersOpen` after the sound's start) with
    /// that moment on the clock the kind's input is stamped on, and returns when the sound has
    /// ended. Cancelled, it releases what it holds and plays nothing more.
    func play(
        _ sound: Sound, answersOpen: Duration, clock: any Clock<Duration>, opened: @Sendable (Double) async -> Void
    ) async throws(AudioError)

    /// Silences what the output still has of a sound handed to it whole (clicks).
    func stop() async
}
