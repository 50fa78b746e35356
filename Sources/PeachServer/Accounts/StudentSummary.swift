import Foundation
import Hummingbird
import PeachCore

/// One row of a teacher's class table: what the student's own Profile headline says.
struct StudentSummary: Sendable {
    let account: Account
    /// Unison pitch comparison's fitted threshold, as the student's headline shows it.
    let threshold: ThresholdEstimate?
    let trend: Trend?
    /// Every record of every discipline: more than the Profile's "Comparisons", which counts the
    /// unison pitch comparisons only, so the page calls it "All answers".
    let trials: Int
    let lastActivity: Date?

    /// From the store alone, without building the student's whole profile: the headline's fits
    /// read only the newest comparisons (`PerceptualProfile.recentCapacity`), so four queries
    /// give what the student's own Profile shows.
    init(_ account: Account, store: any TrainingDataStore) async throws(DataStoreError) {
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

/// Nulls written out: the table shows "not enough data" for them.
struct StudentSummaryResponse: Codable, APIDescribed {
    let id: Int64
    let name: String
    let threshold: Nullable<FittedThreshold>
    let trend: Nullable<Trend>
    let trials: Int
    let lastActivity: Nullable<String>

    init(_ summary: StudentSummary) {
        id = summary.account.id.rawValue
        name = summary.account.name.rawValue
        threshold = Nullable(summary.threshold.map(FittedThreshold.init))
        trend = Nullable(summary.trend)
        trials = summary.trials
        lastActivity = Nullable(summary.lastActivity.map(ISO8601.string))
    }

    static var apiNotes: [String: APINote] {
        [
            "threshold": .describe(
                "Unison pitch comparison's fitted threshold, as the student's Profile headline states it; null when the answers cannot place it or its 95 % interval is too wide to say anything."),
            "trials": .describe(
                "Every answer of every discipline (all answers); the Profile's comparison count is the unison pitch comparisons only."),
        ]
    }
}

/// `GET /api/classes/{id}`.
struct ClassroomDetailResponse: ResponseEncodable, Decodable {
    let id: Int64
    let name: String
    let invitation: String
    let students: [StudentSummaryResponse]
}
