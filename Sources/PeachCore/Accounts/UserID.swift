/// Whose data a record, a setting or an open trial is. The personal Peach has one user, `personal`,
/// and never asks who it is.
public struct UserID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The owner of every record on a Peach without accounts (and of a database's records from
    /// before accounts).
    public static let personal = UserID(rawValue: 0)

    public var description: String { String(rawValue) }
}
