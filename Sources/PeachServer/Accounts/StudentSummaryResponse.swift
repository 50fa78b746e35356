import Foundation
import Hummingbird
import PeachCore
import PeachServices

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
        threshold = Nullable(summary.figures.threshold.map(FittedThreshold.init))
        trend = Nullable(summary.figures.trend)
        trials = summary.figures.trials
        lastActivity = Nullable(summary.figures.lastActivity.map(ISO8601.string))
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
