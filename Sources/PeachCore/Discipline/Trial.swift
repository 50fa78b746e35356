import Foundation

/// One trial of any discipline, as the server hands it out and the terminal plays it.
public enum Trial: Hashable, Sendable {
    case comparison(Comparison)
    case matching(PitchMatchingChallenge)

    public var discipline: Discipline {
        switch self {
        case let .comparison(comparison): comparison.discipline
        case let .matching(challenge): challenge.discipline
        }
    }

    /// Judges `answer` and makes the record to store, or nil when the answer is of the other kind
    /// (a slider value for a comparison, higher/lower for a matching trial).
    public func judge(_ answer: TrialAnswer, at timestamp: Date) -> TrainingRecord? {
        switch (self, answer) {
        case let (.comparison(comparison), .direction(direction)):
            .comparison(CompletedComparison(comparison, answer: direction, timestamp: timestamp))
        case let (.matching(challenge), .slider(value)):
            .matching(CompletedPitchMatching(challenge, committedAt: value, timestamp: timestamp))
        default:
            nil
        }
    }
}

/// What a user can answer: higher/lower to a comparison, a slider position to a matching trial.
public enum TrialAnswer: Hashable, Sendable {
    case direction(ComparisonAnswer)
    case slider(NormalizedSliderValue)

    public var kind: Discipline.Kind {
        switch self {
        case .direction: .comparison
        case .slider: .matching
        }
    }
}
