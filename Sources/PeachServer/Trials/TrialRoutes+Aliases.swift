import Hummingbird
import PeachCore

/// The routes of the two original disciplines, kept for the clients written against them: each is
/// the general route fixed to its discipline.
extension TrialRoutes {
    /// The original routes, each fixed to its discipline.
    static var aliases: [Route<Self>] {
        [
            Route(
                .post, "comparisons", "nextComparison", "The next comparison, chosen by the server's adaptive chain",
                status: .created, returns: "A new comparison awaiting an answer.", errors: notOffered,
                alias(next: .pitchComparison)),
            Route(
                .post, "comparisons/{id}/answer", "answerComparison",
                "Answer a comparison; the record is durably stored before the response",
                returns: "Stored.", parameters: [trialID, answerKey], errors: answerRefusals,
                alias(answer: .pitchComparison)),
            Route(
                .get, "records/comparisons", "comparisonRecords", "Stored comparison records, newest first",
                returns: "The records.", parameters: [limit], errors: [.error(.serviceUnavailable)],
                alias(records: .pitchComparison)),
            Route(
                .post, "pitch-matching", "nextPitchMatching",
                "A new pitch-matching challenge: a random note in the range, the tunable note detuned by a random offset",
                status: .created, returns: "A challenge awaiting a result.", errors: notOffered,
                alias(next: .pitchMatching)),
            Route(
                .post, "pitch-matching/{id}/result", "commitPitchMatching",
                "Commit the slider's value; the server computes the signed error and stores the record before the response",
                returns: "Stored.", parameters: [trialID, answerKey], errors: answerRefusals,
                alias(answer: .pitchMatching)),
            Route(
                .get, "records/pitch-matching", "pitchMatchingRecords", "Stored pitch-matching records, newest first",
                returns: "The records.", parameters: [limit], errors: [.error(.serviceUnavailable)],
                alias(records: .pitchMatching)),
        ]
    }

    /// A discipline this server does not train (`peach serve --disciplines`).
    private static let notOffered: [APIResponse] = [.error(.badRequest), notStored]

    private static func alias(next discipline: Discipline) -> Route<Self>.Handler<NoBody, TrialResponse> {
        { routes in
            { _ in
                TrialResponse(
                    try await routes.issued { try await routes.service.next(try routes.offering(discipline)) },
                    sounds: routes.sounds,
                    synthesis: routes.synthesis)
            }
        }
    }

    private static func alias(answer discipline: Discipline) -> Route<Self>.Handler<AnswerRequest, AnswerResponse> {
        { routes in
            { input in
                let given = try input.body.parsed()
                // Each alias takes only its own kind's answer, as it always did.
                guard given.kind == discipline.kind else {
                    throw HTTPError(
                        .badRequest,
                        message:
                            "this route takes the answer of \(discipline.declaration.names.english): \(discipline.answerMethod.hint)"
                    )
                }
                return try await routes.answer(
                    try input[trialID], given, key: try input[answerKey], age: try input.body.age(),
                    only: discipline.kind)
            }
        }
    }

    private static func alias(records discipline: Discipline) -> Route<Self>.Handler<NoBody, RecordsResponse> {
        { routes in { input in try await routes.records(discipline, limit: try input[limit]) } }
    }
}
