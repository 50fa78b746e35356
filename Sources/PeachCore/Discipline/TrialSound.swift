/// The sound a trial plays, from the one chosen in the settings: the one rule the server (each
/// trial's `sound`) and the terminal (`peach match`) both follow.
public struct TrialSound: Hashable, Sendable {
    /// What the trial plays.
    public let source: SoundSource
    /// The chosen sound when the trial cannot play it; nil when it plays the chosen sound.
    public let insteadOf: SoundSource?

    /// A matching note is held and tuned for as long as the listener needs. A sound that decays (a
    /// piano) cannot hold it, and re-articulating it would be a pitch cue of its own, so a kind that
    /// holds notes (`TrainingKind.holdsNotes`) plays the sine instead. A sound the player does not
    /// have plays the sine in every discipline.
    /// - Parameter sustains: whether the chosen sound holds its level while held; nil when the
    ///   player does not have it.
    public init(chosen: SoundSource, sustains: Bool?, kind: any TrainingKind.Type) {
        if let sustains, sustains || !kind.holdsNotes {
            source = chosen
            insteadOf = nil
        } else {
            source = .sine
            insteadOf = chosen == .sine ? nil : chosen
        }
    }
}
