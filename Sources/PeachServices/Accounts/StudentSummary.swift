import Foundation
import PeachCore

/// One row of a teacher's class table: what the student's own Profile headline says.
public struct StudentSummary: Sendable {
    public let account: Account
    /// Unison pitch comparison's fitted threshold, as the student's headline shows it.
    public let threshold: ThresholdEstimate?
    public let trend: Trend?
    /// Every record of every discipline: more than the Profile's "Comparisons", which counts the
    /// unison pitch comparisons only, so the page calls it "All answers".
    public let trials: Int
    public let lastActivity: Date?

    /// From the store alone, without building the student's whole profile: the headline's fits
    /// read only the newest comparisons (`PerceptualProfile.recentCapacity`), so four queries
    /// give what the student's own Profile shows.
    public init(_ account: Account, store: any TrainingDataStore) async throws(DataStoreError) {
        self.account = account
        var profile = PerceptualProfile(calendar: .current)
        // The pitch scope's comparisons are the unison discipline's (ProfileScope.scope(of:)).
        for comparison in try await store.comparisons(.pitchComparison, limit: PerceptualProfile.recentCapacity).reversed() {
            profile.record(comparison)
        }
        threshold = profile.thresholdEstimate
        trend = profile.trend
        trials = try await store.recordCount()
        lastActivity = try await store.records(nil, limit: 1).first?.timestamp
    }
}
