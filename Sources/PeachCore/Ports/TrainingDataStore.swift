/// Where answers live. Each save is one atomic transaction: it lands whole or not at all.
public protocol TrainingDataStore: Sendable {
    func save(_ comparison: CompletedComparison) async throws(DataStoreError)
    /// Newest first.
    func comparisons(limit: Int) async throws(DataStoreError) -> [CompletedComparison]
    func save(_ pitchMatching: CompletedPitchMatching) async throws(DataStoreError)
    /// Newest first.
    func pitchMatchings(limit: Int) async throws(DataStoreError) -> [CompletedPitchMatching]
}

public enum DataStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case openFailed(path: String, reason: String)
    case saveFailed(String)
    case fetchFailed(String)

    public var description: String {
        switch self {
        case let .openFailed(path, reason): "cannot open the training database at \(path): \(reason)"
        case let .saveFailed(reason): "cannot save the record: \(reason)"
        case let .fetchFailed(reason): "cannot read records: \(reason)"
        }
    }
}
