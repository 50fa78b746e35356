import Foundation

/// A stored answer of any discipline: the one type the store, the profile and the files exchange.
public enum TrainingRecord: Hashable, Sendable {
    case comparison(CompletedComparison)
    case matching(CompletedPitchMatching)

    public var discipline: Discipline {
        switch self {
        case let .comparison(comparison): comparison.discipline
        case let .matching(attempt): attempt.discipline
        }
    }

    public var timestamp: Date {
        switch self {
        case let .comparison(comparison): comparison.timestamp
        case let .matching(attempt): attempt.timestamp
        }
    }

    public var interval: DirectedInterval {
        switch self {
        case let .comparison(comparison): comparison.interval
        case let .matching(attempt): attempt.interval
        }
    }
}
