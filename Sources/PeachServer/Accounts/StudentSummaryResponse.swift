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
    let disciplines: [DisciplineFiguresResponse]

    init(_ summary: StudentSummary) {
        id = summary.account.id.rawValue
        name = summary.account.name.rawValue
        threshold = Nullable(summary.figures.threshold.map(FittedThreshold.init))
        trend = Nullable(summary.figures.trend)
        trials = summary.figures.trials
        lastActivity = Nullable(summary.figures.lastActivity.map(ISO8601.string))
        disciplines = summary.figures.disciplines.map(DisciplineFiguresResponse.init)
    }

    static var apiNotes: [String: APINote] {
        [
            "threshold": .describe(
                "Unison pitch comparison's fitted threshold, as the student's Profile headline states it; null when the answers cannot place it or its 95 % interval is too wide to say anything."),
            "trials": .describe(
                "Every answer of every discipline (all answers); the Profile's comparison count is the unison pitch comparisons only."),
            "disciplines": .describe(
                "One for each discipline that states a figure of its own on the Profile (answered by naming items, or fitting its own threshold), in the catalogue's order."),
        ]
    }
}

/// A discipline's own figure in a student's row: accuracy or threshold, whichever its kind states.
struct DisciplineFiguresResponse: Codable, APIDescribed {
    let discipline: String
    let answers: Int
    let accuracy: Nullable<Double>
    let threshold: Nullable<FittedThreshold>

    init(_ figures: DisciplineFigures) {
        discipline = figures.discipline.rawValue
        answers = figures.answers
        accuracy = Nullable(figures.accuracy)
        threshold = Nullable(figures.threshold.map(FittedThreshold.init))
    }

    static var apiNotes: [String: APINote] {
        [
            "answers": .describe("The newest answers of the discipline the figures are taken from."),
            "accuracy": .describe("Right answers ÷ answers (0–1), for a discipline answered by naming items; null without answers and for the others."),
            "threshold": .describe("The discipline's own fitted threshold, as the Profile states it; null until the answers place it, and for a discipline that fits none."),
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
