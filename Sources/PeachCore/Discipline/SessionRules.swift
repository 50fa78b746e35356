/// The timing rules of the training loop, owned by Swift and served with every trial so the
/// browser schedules by them instead of restating them.
public struct SessionRules: Hashable, Sendable {
    /// About 400 ms: long enough to register, short enough to keep the loop reflexive.
    public static let feedbackDuration = Duration.milliseconds(400)

    /// Seconds from the start of a comparison's note 1 to the moment answers open: note 2's onset
    /// (answer controls are live from the moment note 2 starts: a reflexive answer needs no wait).
    public static func answersOpen(noteDuration: Duration, noteGap: Duration) -> Duration {
        noteDuration + noteGap
    }

    /// Seconds from the start of a matching trial's reference to the tunable note, which is when
    /// the slider wakes up.
    public static func tuningOpens(noteDuration: Duration) -> Duration { noteDuration }
}
