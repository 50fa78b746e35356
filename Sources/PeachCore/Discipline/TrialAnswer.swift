/// What a user answered to a trial of any kind; each kind says what its answers are
/// (`TrainingKind.Answer`).
public struct TrialAnswer: Hashable, Sendable {
    public let value: any KindAnswer

    public init(_ value: some KindAnswer) { self.value = value }

    public var kind: Discipline.Kind { Self.kind(of: value) }

    public static func == (lhs: TrialAnswer, rhs: TrialAnswer) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }

    private static func kind<Answer: KindAnswer>(of answer: Answer) -> Discipline.Kind { Answer.Kind.id }
}
