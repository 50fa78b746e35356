import PeachCore

extension AssignmentDraft.Invalid {
    /// A 400 the teacher's page says in its own language: the reason and the values its sentence names.
    var refusal: Refusal { refusal(prefix: "") }

    /// `prefix` says in the English message where the refused part was (a template's file).
    func refusal(prefix: String) -> Refusal {
        Refusal(
            .badRequest, .invalidAssignment, prefix + description,
            values: .init(
                minimum: range?.lowerBound, maximum: range?.upperBound, reason: reason.rawValue,
                task: task.map { $0 + 1 }, setting: setting, given: given))
    }
}
