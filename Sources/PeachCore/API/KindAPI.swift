/// The names of a kind's schemas in the API document.
public struct APINames: Sendable {
    public let trial: String
    public let result: String
    public let record: String
    /// Its profile summary's (`TrainingKind.ProfileSummary`), for a kind that has one.
    public let profileSummary: String?

    public init(trial: String, result: String, record: String, profileSummary: String? = nil) {
        self.trial = trial
        self.result = result
        self.record = record
        self.profileSummary = profileSummary
    }
}

/// A kind's reading of an answer's body (`POST /api/trials/{id}/answer`): the fields it answers
/// with, each optional in the body, which holds the fields of exactly one kind's answer.
public protocol KindAnswerBody: Decodable, Sendable, APIDescribed {
    /// Nil when the body holds none of this kind's fields.
    func trialAnswer() throws(AnswerProblem) -> TrialAnswer?
}

/// An answer's body this kind cannot take, in a sentence for the client.
public struct AnswerProblem: Error, Sendable {
    /// The field whose value it cannot take: another kind that reads the same field may take it.
    public let field: String
    public let message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }
}
