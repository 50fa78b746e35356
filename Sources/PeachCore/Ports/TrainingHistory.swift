/// Every stored record, oldest first, for rebuilding the profile once at start-up. Folded rather
/// than returned as an array, so a million records never sit in memory at once.
public protocol TrainingHistory: Sendable {
    func reduceComparisons<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedComparison) -> Void
    ) async throws(DataStoreError) -> Result

    func reducePitchMatchings<Result: Sendable>(
        into initial: Result, _ update: @escaping @Sendable (inout Result, CompletedPitchMatching) -> Void
    ) async throws(DataStoreError) -> Result
}
