import Foundation
import PeachCore

/// The server's one perceptual profile: rebuilt from every record once at start-up, then updated
/// by each stored answer. Requests read a snapshot; none re-reads the records.
public actor ProfileService {
    private var profile: PerceptualProfile

    public init(profile: PerceptualProfile) { self.profile = profile }

    /// Replays every stored comparison and pitch matching, oldest first.
    public static func load(from history: any TrainingHistory, calendar: Calendar = .current) async throws(DataStoreError) -> ProfileService {
        var profile = try await history.reduceComparisons(into: PerceptualProfile(calendar: calendar)) { $0.record($1) }
        profile = try await history.reducePitchMatchings(into: profile) { $0.record($1) }
        return ProfileService(profile: profile)
    }

    /// Call after the comparison is stored.
    public func record(_ comparison: CompletedComparison) { profile.record(comparison) }

    /// Call after the pitch-matching attempt is stored.
    public func record(_ attempt: CompletedPitchMatching) { profile.record(attempt) }

    /// A copy to compute from outside the actor (copy-on-write: free until the next answer).
    public var snapshot: PerceptualProfile { profile }

    public var meanThreshold: Cents? { profile.meanThreshold }
}
