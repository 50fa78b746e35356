/// Every stored record, oldest first, for rebuilding the profile once at start-up. Folded rather
/// than returned as an array, so a million records never sit in memory at once.
public protocol TrainingHistory: Sendable {
    /// The kind's records, oldest first.
    func reduce<Kind: TrainingKind, Result: Sendable>(
        _ kind: Kind.Type, into initial: Result, _ update: @escaping @Sendable (inout Result, Kind.Record) -> Void
    ) async throws(DataStoreError) -> Result
}
