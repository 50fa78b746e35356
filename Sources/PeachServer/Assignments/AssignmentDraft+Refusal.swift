import PeachCore

extension AssignmentDraft.Invalid {
    /// A 400 the teacher's page says in its own language: the reason and the values its sentence names.
    var refusal: Refusal { refusal(prefix: "") }

    /// `prefix` says in the English message where the refused part was (a template's file).
    func refusal(prefix: String) -> Refusal {
        Refusal(.badRequest, .invalidAssignment, prefix + description) { detail in
            detail.minimum = range?.lowerBound
            detail.maximum = range?.upperBound
            detail.reason = reason.rawValue
            detail.task = task.map { $0 + 1 }
            detail.setting = setting
            detail.given = given
        }
    }
}
