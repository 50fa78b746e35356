/// A kind whose chain is rebuilt at a restart by replaying its newest answers into a fresh one (a
/// Leitner schedule, a melody's length): what the chain knows is in those answers, so nothing of it
/// needs storing. A kind of several disciplines replays each one's newest answers, which its
/// `advance` keeps apart by the record's discipline.
public protocol ReplayedChainKind: TrainingKind {
    /// How many of a discipline's newest answers a restart replays: enough for the chain to have
    /// settled.
    static var resumedAnswers: Int { get }
}

extension ReplayedChainKind {
    public static func resumeChain(from store: any TrainingDataStore, profile: ProfileParts)
        async throws(DataStoreError) -> Chain
    {
        var chain = freshChain
        for declaration in disciplines {
            let newest = try await store.records(Record.self, declaration.discipline, limit: resumedAnswers)
            for record in newest.reversed() { advance(&chain, after: record) }
        }
        return chain
    }
}
