import Foundation
import PeachCore

/// The server's one perceptual profile: rebuilt from every record once at start-up, then updated
/// by each stored answer. Requests read a snapshot; none re-reads the records.
public actor ProfileService {
    private var profile: PerceptualProfile
    private let calendar: Calendar

    public init(profile: PerceptualProfile, calendar: Calendar = .current) {
        self.profile = profile
        self.calendar = calendar
    }

    /// Replays every stored comparison and pitch matching, oldest first.
    public static func load(from history: any TrainingHistory, calendar: Calendar = .current) async throws(DataStoreError) -> ProfileService {
        var profile = try await history.reduceComparisons(into: PerceptualProfile(calendar: calendar)) { $0.record($1) }
        profile = try await history.reducePitchMatchings(into: profile) { $0.record($1) }
        return ProfileService(profile: profile, calendar: calendar)
    }

    /// Call after the comparison is stored.
    public func record(_ comparison: CompletedComparison) { profile.record(comparison) }

    /// Call after the pitch-matching attempt is stored.
    public func record(_ attempt: CompletedPitchMatching) { profile.record(attempt) }

    /// After the stored history changed wholesale (a reset, an import): built again as at start-up.
    public func rebuild(from history: any TrainingHistory) async throws(DataStoreError) {
        profile = try await Self.load(from: history, calendar: calendar).snapshot
    }

    /// A copy to compute from outside the actor (copy-on-write: free until the next answer).
    public var snapshot: PerceptualProfile { profile }

    public var meanThreshold: Cents? { profile.meanThreshold }
}
