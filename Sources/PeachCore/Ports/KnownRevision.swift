import Synchronization

/// The revision of a user's data (AccountStore.revision) that an instance's cached view of them
/// reflects. Each write of the instance's own moves it one step, as the view folds that write in;
/// a write that lands anywhere else shows as a gap, and the view is stale until rebuilt.
public final class KnownRevision: Sendable {
    private let value: Mutex<Int64?>

    public init(_ revision: Int64) { value = Mutex(revision) }

    /// After a write of ours committed as `revision`.
    public func wrote(_ revision: Int64) {
        value.withLock { known in known = known.map { $0 + 1 } == revision ? revision : nil }
    }

    /// The revision the view holds; nil once another instance's write left it behind.
    public var current: Int64? { value.withLock { $0 } }

    /// Whether the view holds exactly the data at `revision`.
    public func isCurrent(_ revision: Int64) -> Bool {
        value.withLock { $0 == revision }
    }
}
