import Foundation

/// A stored answer of any discipline: the one type the store, the profile and the files exchange.
public enum TrainingRecord: Hashable, Sendable {
    case comparison(CompletedComparison)
    case matching(CompletedPitchMatching)
    case rhythmComparison(CompletedRhythmComparison)
    case rhythmMatching(CompletedRhythmMatching)

    public var discipline: Discipline {
        switch self {
        case let .comparison(comparison): comparison.discipline
        case let .matching(attempt): attempt.discipline
        case .rhythmComparison: .rhythmComparison
        case .rhythmMatching: .rhythmMatching
        }
    }

    public var timestamp: Date {
        switch self {
        case let .comparison(comparison): comparison.timestamp
        case let .matching(attempt): attempt.timestamp
        case let .rhythmComparison(record): record.timestamp
        case let .rhythmMatching(record): record.timestamp
        }
    }

    /// Unison for the rhythm disciplines, which play no interval.
    public var interval: DirectedInterval {
        switch self {
        case let .comparison(comparison): comparison.interval
        case let .matching(attempt): attempt.interval
        case .rhythmComparison, .rhythmMatching: .unison
        }
    }
}
