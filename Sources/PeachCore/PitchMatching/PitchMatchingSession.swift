/// Pitch matching's piece of the session loop: the reference plays for the note duration; as it
/// ends answers open and the tunable note starts at the challenge's offset, held and retuned as the
/// slider moves until the user lets go; the signed error is recorded and shown.
public struct PitchMatchingPiece: SessionPiece {
    public typealias Kind = MatchingKind

    public enum Input: Hashable, Sendable {
        case sliderMoved(NormalizedSliderValue)
    }

    /// The tunable note (`HeldNote` performs these).
    public enum Effect: Hashable, Sendable {
        /// Starts it, to sound until `.release`.
        case hold(Frequency)
        case retune(Frequency)
        /// Ends it with its release ramp.
        case release
    }

    public let settings: TrainingSettings

    public init(settings: TrainingSettings) { self.settings = settings }

    public func sound(_ trial: PitchMatchingChallenge) -> [SoundingTones] { Self.reference(trial, settings: settings) }

    public func open(_ trial: PitchMatchingChallenge, at mark: Double) -> (NoAttempt, [Effect]) {
        (NoAttempt(), [.hold(trial.tunableFrequency(atNormalizedValue: .centre, reference: settings.referencePitch))])
    }

    public func receive(_ input: Input, in attempt: inout NoAttempt, of trial: PitchMatchingChallenge)
        -> SessionReaction<Self>
    {
        switch input {
        case .sliderMoved(let value):
            .effects([.retune(trial.tunableFrequency(atNormalizedValue: value, reference: settings.referencePitch))])
        }
    }

    /// An unfinished attempt is discarded: nothing is recorded, the note ends.
    public func closes(_ attempt: NoAttempt) -> [Effect] { [.release] }

    /// The reference, for the note duration: what a sung challenge plays too.
    static func reference(_ trial: PitchMatchingChallenge, settings: TrainingSettings) -> [SoundingTones] {
        [
            SoundingTones(
                start: .zero,
                tones: [
                    Tone(
                        frequency: trial.referenceFrequency(reference: settings.referencePitch),
                        duration: .seconds(settings.noteDurationSeconds))
                ])
        ]
    }
}

public typealias PitchMatchingSession = TrainingSession<PitchMatchingPiece>
