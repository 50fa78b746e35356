/// The sound a trial plays, from the one chosen in the settings: the one rule the server (each
/// trial's `sound`) and the terminal (`peach match`) both follow.
public struct TrialSound: Hashable, Sendable {
    /// What the trial plays.
    public let source: SoundSource
    /// The chosen sound when the trial cannot play it; nil when it plays the chosen sound, or none
    /// was chosen.
    public let insteadOf: SoundSource?

    /// A matching note is held and tuned for as long as the listener needs. A sound that decays (a
    /// piano) cannot hold it, and re-articulating it would be a pitch cue of its own, so a kind that
    /// holds notes (`TrainingKind.holdsNotes`) plays the sine instead. A sound the player does not
    /// have plays the sine in every discipline. With no sound chosen, the kind plays its own
    /// (`unchosen`).
    /// - Parameters:
    ///   - chosen: the settings' sound; nil when the user has chosen none.
    ///   - sustains: whether a sound holds its level while held; nil when the player does not have it.
    public init(chosen: SoundSource?, kind: any TrainingKind.Type, sustains: (SoundSource) -> Bool?) {
        let wanted = chosen ?? Self.unchosen(kind)
        if let sustaining = sustains(wanted), sustaining || !kind.holdsNotes {
            source = wanted
            insteadOf = nil
        } else {
            source = .sine
            insteadOf = chosen == .sine ? nil : chosen
        }
    }

    /// The sound a kind plays while the user has chosen none: the piano where every discipline is
    /// harmony or melody and no note is held (chords, cadences and melodies sound as a musician
    /// plays them, and a melody is answered on a keyboard), the sine elsewhere (a pure tone for
    /// pitch and intervals; a held chord must not decay).
    public static func unchosen(_ kind: any TrainingKind.Type) -> SoundSource {
        let musical: Set<DisciplineDeclaration.Group> = [.harmony, .melody]
        return kind.disciplines.allSatisfy { musical.contains($0.group) } && !kind.holdsNotes ? .piano : .sine
    }
}
