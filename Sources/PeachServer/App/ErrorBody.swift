import PeachCore

/// The body of every error response — Hummingbird's `{"error": {"message": …}}` — with a code and
/// the numbers of a refusal a person reads (`Refusal`), and the line of the import file where a
/// line is to blame.
struct ErrorBody: Codable {
    struct Detail: Codable, Equatable, APIDescribed {
        let message: String
        var code: RefusalCode?
        var retryAfter: Int?
        var minimum: Double?
        var maximum: Double?
        var line: Int?
        var reason: String?
        var task: Int?
        var setting: String?
        var given: String?

        static var apiNotes: [String: APINote] {
            [
                "message": .describe(
                    "In English, for people reading the API; a page shows the code's own translation instead."),
                "code": .describe(
                    "Present on every refusal of the account and class routes: what went wrong, stable across wordings. The page translates it; an unknown code gets a generic message."
                ),
                "retryAfter": .describe(
                    "throttled: seconds until the next sign-in may be tried (as the Retry-After header)."),
                "minimum": .describe(
                    "invalidName, invalidPassword, classNameLength: the fewest characters allowed; invalidAssignment: the least its reason allows."
                ),
                "maximum": .describe(
                    "invalidName, invalidPassword, classNameLength: the most characters allowed; invalidAssignment: the most its reason allows."
                ),
                "reason": .describe(
                    "invalidAssignment: what is wrong, one of \(AssignmentDraft.Invalid.Reason.allCases.map(\.rawValue).joined(separator: ", "))."
                ),
                "task": .describe("invalidAssignment: the task refused, counted from 1."),
                "setting": .describe("invalidAssignment, reason setting: the task's setting refused (tempoBPM)."),
                "given": .describe("invalidAssignment: what was given where it is not a name Peach knows."),
                "line": .describe(
                    "Import only: 1-based line of the file; 0 for the file as a whole (its size); absent when the request itself was wrong (an unknown mode)."
                ),
            ]
        }
    }

    let error: Detail
}

extension ErrorBody.Detail {
    /// The least and the most a refused value may be.
    mutating func bounds(_ range: ClosedRange<Int>) {
        minimum = Double(range.lowerBound)
        maximum = Double(range.upperBound)
    }
}
