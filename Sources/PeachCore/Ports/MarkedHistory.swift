/// A history that can replay only what was added after a `HistoryMark`, so that a profile saved
/// with its marks is brought up to date without reading a million old rows again.
public protocol MarkedHistory: TrainingHistory {
    /// Replays the kind's rows after `mark` (all of them when nil), oldest first, and gives the
    /// mark of the table as replayed and how many rows were replayed. Nil when the table has not only grown since `mark` (rows
    /// removed, or added with older timestamps, as a reset or an import does): then only a full
    /// replay gives the right result.
    func replay<Kind: TrainingKind, Result: Sendable>(
        _ kind: Kind.Type, after mark: HistoryMark?, into initial: Result,
        _ step: @escaping @Sendable (inout Result, Kind.Record) -> Void
    ) async throws(DataStoreError) -> (result: Result, mark: HistoryMark, replayed: Int)?
}
