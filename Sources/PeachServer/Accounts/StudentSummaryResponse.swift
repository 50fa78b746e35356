import Foundation
import Hummingbird
import PeachCore
import PeachServices

/// Nulls written out: the table shows "not enough data" for them, or "being prepared" for every
/// figure of a row whose figures are not ready yet (`preparing`).
struct StudentSummaryResponse: Codable, APIDescribed {
    let id: Int64
    let name: String
    let password: PasswordStatus
    let preparing: Bool
    let threshold: Nullable<FittedThreshold>
    let missingThreshold: Nullable<MissingThresholdResponse>
    let trend: Nullable<Trend>
    let change: Nullable<ProfileResponse.Change>
    let trials: Nullable<Int>
    let lastActivity: Nullable<String>
    let disciplines: [DisciplineFiguresResponse]

    init(_ summary: StudentSummary, password: PasswordStatus) {
        id = summary.account.id.rawValue
        name = summary.account.name.rawValue
        self.password = password
        preparing = !summary.isPrepared
        threshold = Nullable(summary.figures?.threshold.map(FittedThreshold.init))
        missingThreshold = Nullable(summary.figures?.missingThreshold.map(MissingThresholdResponse.init))
        trend = Nullable(summary.figures?.trend)
        change = Nullable(summary.figures?.change.map(ProfileResponse.Change.init))
        trials = Nullable(summary.figures?.trials)
        lastActivity = Nullable(summary.figures?.lastActivity.map(ISO8601.string))
        disciplines = summary.figures?.disciplines.map(DisciplineFiguresResponse.init) ?? []
    }

    static var apiNotes: [String: APINote] {
        [
            "password": .describe(
                "own: the student chose their password. oneTime: a password handed out (a class list's) not yet changed; invitation: an invitation link not yet used; invitationExpired: one not used before it expired, so the student needs a new one."
            ),
            "threshold": .describe(
                "Unison pitch comparison's fitted threshold, as the student's Profile headline states it; null when the answers cannot place it or its 95 % interval is too wide to say anything."
            ),
            "missingThreshold": .describe(
                "Why `threshold` is null, as the student's Profile says it; null when it is not, and while `preparing` with no earlier fit."
            ),
            "trend": .describe(ProfileResponse.Change.trendNote),
            "change": .describe(
                "As the student's Profile states it: how far `threshold` moved over the newest comparisons."),
            "preparing": .describe(
                "True while this student's figures are being prepared: after an upgrade or a bulk load every figure is then null and `disciplines` empty; just after the student answered they are the figures of the last fit, until a later view."
            ),
            "trials": .describe(
                "Every answer of every discipline (all answers); the Profile's comparison count is the unison pitch comparisons only. Null while `preparing` with no earlier fit."
            ),
            "disciplines": .describe(
                "One for each discipline that states a figure of its own on the Profile (answered by naming items, or fitting its own threshold), in the catalogue's order; empty while `preparing` with no earlier fit."
            ),
        ]
    }
}

/// A discipline's own figure in a student's row: accuracy or threshold, whichever its kind states.
struct DisciplineFiguresResponse: Codable, APIDescribed {
    let discipline: String
    let answers: Int
    let accuracy: Nullable<Double>
    let threshold: Nullable<FittedThreshold>
    let missingThreshold: Nullable<MissingThresholdResponse>

    init(_ figures: DisciplineFigures) {
        discipline = figures.discipline.rawValue
        answers = figures.answers
        accuracy = Nullable(figures.accuracy)
        threshold = Nullable(figures.threshold.map(FittedThreshold.init))
        missingThreshold = Nullable(figures.missingThreshold.map(MissingThresholdResponse.init))
    }

    static var apiNotes: [String: APINote] {
        [
            "answers": .describe("The newest answers of the discipline the figures are taken from."),
            "accuracy": .describe(
                "Right answers ÷ answers (0–1), for a discipline answered by naming items; null without answers and for the others."
            ),
            "threshold": .describe(
                "The discipline's own fitted threshold, as the Profile states it; null until the answers place it, and for a discipline that fits none."
            ),
            "missingThreshold": .describe(
                "Why `threshold` is null, as the student's Profile says it; null when it is not, and for a discipline that fits none."
            ),
        ]
    }
}

extension PasswordStatus: APIEnumeration {}

/// `GET /api/classes/{id}`.
struct ClassroomDetailResponse: ResponseEncodable, Decodable, APIDescribed {
    let id: Int64
    let name: String
    let invitation: String
    /// `DisciplineFigures.disciplines`: the table's columns even when no row has its figures yet.
    let disciplines: [String]
    let preparing: Int
    let students: [StudentSummaryResponse]

    static var apiNotes: [String: APINote] {
        [
            "disciplines": .describe(
                "The disciplines with a figure of their own, as each prepared row's `disciplines` lists them."),
            "preparing": .describe(
                "How many rows are still being prepared: the server is fitting them now, this class first; a later view shows them."
            ),
        ]
    }
}
