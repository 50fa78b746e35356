import Foundation

/// A trial handed to a client and not answered yet. Kept by the store (OpenTrialStore) so an
/// answer that arrives after a server restart — queued by a client that lost the network —
/// still counts.
public struct OpenTrial: Hashable, Sendable {
    public let id: String
    public let trial: Trial
    /// An answer cannot have been given before the trial existed.
    public let issuedAt: Date

    public init(id: String, trial: Trial, issuedAt: Date) {
        self.id = id
        self.trial = trial
        self.issuedAt = issuedAt
    }
}
