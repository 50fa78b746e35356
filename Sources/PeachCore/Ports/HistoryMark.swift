/// How far a replay of one record table reached: enough to tell, later, whether the table has
/// only grown since — rows added after it, none older than the newest replayed, none of the
/// replayed ones removed — so that a profile saved at this mark can be brought up to date by
/// replaying just the new rows.
///
/// Checked without counting the table (a count reads a million rows): rows are only ever removed
/// all at once (a reset, a replace import, from the oldest up) or above the newest mark (an
/// unfinished import rolled back), and either shows at the table's first or marked row.
/// Timestamps are the store's own text, compared by the store.
public struct HistoryMark: Hashable, Sendable, Codable {
    public struct Row: Hashable, Sendable, Codable {
        public let id: Int64
        public let timestamp: String

        public init(id: Int64, timestamp: String) {
            self.id = id
            self.timestamp = timestamp
        }
    }

    /// The oldest row by id: a reset or a replace removes it.
    public let first: Row?
    /// The highest id replayed (ids only grow and are never reused), with its timestamp, so that
    /// an unrelated table that happens to have as many rows does not pass for this one.
    public let last: Row?
    /// The newest timestamp replayed: rows added later with older ones change the replay's order.
    public let newestTimestamp: String?

    public init(first: Row?, last: Row?, newestTimestamp: String?) {
        self.first = first
        self.last = last
        self.newestTimestamp = newestTimestamp
    }
}
