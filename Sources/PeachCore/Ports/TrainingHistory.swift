/// Every stored record, oldest first, for rebuilding the profile once at start-up. Folded rather
/// than returned as an array, so a million records never sit in memory at once.
public protocol TrainingHistory: Sendable {
    func reduceComparisons<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedComparison) -> Void
    ) async throws(DataStoreError) -> Result

    func reducePitchMatchings<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedPitchMatching) -> Void
    ) async throws(DataStoreError) -> Result

    /// The rhythm records, each discipline's oldest first.
    func reduceRhythm<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, TrainingRecord) -> Void
    ) async throws(DataStoreError) -> Result
}

/// A store that replays one kind's records, oldest first, as `TrainingRecord`s: the two folds of
/// `TrainingHistory` follow from it, written once for every SQL backend.
public protocol RecordReplaying: TrainingHistory {
    func replay<Result: Sendable>(
        _ kind: Discipline.Kind, into initial: Result, _ step: @escaping @Sendable (inout Result, TrainingRecord) -> Void
    ) async throws(DataStoreError) -> Result
}

extension RecordReplaying {
    public func reduceComparisons<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedComparison) -> Void
    ) async throws(DataStoreError) -> Result {
        try await replay(.comparison, into: initial) { result, record in
            if case let .comparison(comparison) = record { update(&result, comparison) }
        }
    }

    public func reducePitchMatchings<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedPitchMatching) -> Void
    ) async throws(DataStoreError) -> Result {
        try await replay(.matching, into: initial) { result, record in
            if case let .matching(attempt) = record { update(&result, attempt) }
        }
    }

    public func reduceRhythm<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, TrainingRecord) -> Void
    ) async throws(DataStoreError) -> Result {
        try await replay(.rhythmMatching, into: try await replay(.rhythmComparison, into: initial, update), update)
    }
}
