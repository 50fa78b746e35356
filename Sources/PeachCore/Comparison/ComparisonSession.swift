/// The comparison's loop in the terminal: note 1, then, after the gap, note 2 at its level; answers
/// open as note 2 starts (a reflexive answer needs no wait) and an answer silences it.
public typealias ComparisonSession = TrainingSession<ChoicePiece<ComparisonKind>>

extension ComparisonKind: ChoiceTrainingKind {
    public static func sounding(_ trial: Comparison, settings: TrainingSettings) -> [SoundingTones] {
        let duration = Duration.seconds(settings.noteDurationSeconds)
        let reference = settings.referencePitch
        return [
            SoundingTones(
                start: .zero, tones: [Tone(frequency: trial.note1Frequency(reference: reference), duration: duration)]),
            SoundingTones(
                start: session(trial, settings: settings).answersOpen,
                tones: [
                    Tone(
                        frequency: trial.note2Frequency(reference: reference), duration: duration,
                        level: trial.note2LevelOffset)
                ]),
        ]
    }
}
