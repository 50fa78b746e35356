/// A kind whose trial is tones heard and then answered by naming what was heard (higher or lower,
/// Which Voice, Scale Degrees, Chord Quality, a melody played back): what it plays is its own; the
/// loop is `TrainingSession`'s.
public protocol ChoiceTrainingKind: TrainingKind {
    /// What a trial plays, as the browser is served it: groups of tones at their times.
    static func sounding(_ trial: Trial, settings: TrainingSettings) -> [SoundingTones]
    /// From the trial's start: when the terminal takes answers.
    static func whenAnswersOpen(_ trial: Trial, settings: TrainingSettings) -> Duration
}

extension ChoiceTrainingKind {
    /// When the browser is served them.
    public static func whenAnswersOpen(_ trial: Trial, settings: TrainingSettings) -> Duration {
        session(trial, settings: settings).answersOpen
    }
}

/// The session loop's piece for a kind answered by naming a choice: the trial's tones, and an
/// answer the trial takes silences what still sounds.
public struct ChoicePiece<Kind: ChoiceTrainingKind>: SessionPiece {
    public let settings: TrainingSettings

    public init(settings: TrainingSettings) { self.settings = settings }

    public func sound(_ trial: Kind.Trial) -> [SoundingTones] { Kind.sounding(trial, settings: settings) }

    public func answersOpen(_ trial: Kind.Trial) -> Duration { Kind.whenAnswersOpen(trial, settings: settings) }
}
