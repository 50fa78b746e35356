import Foundation

/// One trial of any discipline, as the server hands it out and the terminal plays it.
public enum Trial: Hashable, Sendable, Codable {
    case comparison(Comparison)
    case matching(PitchMatchingChallenge)
    case rhythmComparison(RhythmComparison)
    case rhythmMatching(RhythmMatchingTrial)

    public var discipline: Discipline {
        switch self {
        case let .comparison(comparison): comparison.discipline
        case let .matching(challenge): challenge.discipline
        case .rhythmComparison: .rhythmComparison
        case .rhythmMatching: .rhythmMatching
        }
    }

    /// Judges `answer` and makes the record to store, or nil when the answer does not fit the trial
    /// (a slider value for a comparison, higher/lower for a matching trial, a sung pitch for a
    /// slider trial or the reverse).
    public func judge(_ answer: TrialAnswer, at timestamp: Date) -> TrainingRecord? {
        switch (self, answer) {
        case let (.comparison(comparison), .direction(direction)):
            .comparison(CompletedComparison(comparison, answer: direction, timestamp: timestamp))
        case let (.matching(challenge), .slider(value)) where challenge.discipline.answerMethod == .slider:
            .matching(CompletedPitchMatching(challenge, committedAt: value, timestamp: timestamp))
        case let (.matching(challenge), .voice(sung)) where challenge.discipline.answerMethod == .voice:
            .matching(CompletedPitchMatching(challenge, sung: sung, timestamp: timestamp))
        case let (.rhythmComparison(trial), .timing(timing)):
            .rhythmComparison(CompletedRhythmComparison(trial, answer: timing, timestamp: timestamp))
        case let (.rhythmMatching(trial), .taps(taps)):
            .rhythmMatching(CompletedRhythmMatching(trial.judge(taps: taps), timestamp: timestamp))
        default:
            nil
        }
    }
}

/// What a user can answer: higher/lower to a comparison, a slider position or a sung pitch to a
/// matching trial, early/late to Compare Timing, taps to Fill the Gap.
public enum TrialAnswer: Hashable, Sendable {
    case direction(ComparisonAnswer)
    case slider(NormalizedSliderValue)
    /// The sung pitch in cents from the target, not yet folded to the nearest octave.
    case voice(SungPitch)
    case timing(TimingAnswer)
    /// Seconds from the trial's time zero, already corrected for latency by the client.
    case taps([Double])

    public var kind: Discipline.Kind {
        switch self {
        case .direction: .comparison
        case .slider, .voice: .matching
        case .timing: .rhythmComparison
        case .taps: .rhythmMatching
        }
    }
}
