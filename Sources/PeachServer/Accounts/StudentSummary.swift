import Foundation
import Synchronization
import Hummingbird
import PeachCore

/// One row of a teacher's class table: what the student's own Profile headline says.
struct StudentSummary: Sendable {
    let account: Account
    /// Unison pitch comparison's fitted threshold, as the student's headline shows it.
    let threshold: ThresholdEstimate?
    let trend: Trend?
    /// Every record of every discipline.
    let trials: Int
    let lastActivity: Date?

    init(_ account: Account, services: PeachServices) async throws(DataStoreError) {
        self.account = account
        let profile = await services.profile.snapshot(.pitch)
        threshold = profile.thresholdEstimate
        trend = profile.trend
        trials = await services.profile.recordCount
        lastActivity = try await services.store.records(nil, limit: 1).first?.timestamp
    }
}

extension StudentSummary {
    /// A user's summary, kept until their data moves on: a class view then costs each student a
    /// revision read, not a fit of their threshold and trend (measured with `scripts/bench.sh class-data`).
    final class Cache: Sendable {
        private let kept = Mutex<(revision: Int64, summary: StudentSummary)?>(nil)

        func summary(of account: Account, in space: UserSpaces.Space) async throws(DataStoreError) -> StudentSummary {
            let revision = space.revision.current
            if let revision, let kept = kept.withLock({ $0 }), kept.revision == revision, kept.summary.account == account {
                return kept.summary
            }
            let summary = try await StudentSummary(account, services: space.services)
            if let revision { kept.withLock { $0 = (revision, summary) } }
            return summary
        }
    }
}

struct StudentSummaryResponse: Codable {
    let id: Int64
    let name: String
    let threshold: FittedThreshold?
    let trend: Trend?
    let trials: Int
    let lastActivity: String?

    init(_ summary: StudentSummary) {
        id = summary.account.id.rawValue
        name = summary.account.name.rawValue
        threshold = summary.threshold.map(FittedThreshold.init)
        trend = summary.trend
        trials = summary.trials
        lastActivity = summary.lastActivity.map(ISO8601.string)
    }

    /// Nulls written out: the table shows "not enough data" for them.
    enum CodingKeys: String, CodingKey { case id, name, threshold, trend, trials, lastActivity }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(threshold, forKey: .threshold)
        try container.encode(trend, forKey: .trend)
        try container.encode(trials, forKey: .trials)
        try container.encode(lastActivity, forKey: .lastActivity)
    }
}

/// `GET /api/classes/{id}`.
struct ClassroomDetailResponse: ResponseEncodable, Decodable {
    let id: Int64
    let name: String
    let invitation: String
    let students: [StudentSummaryResponse]
}
