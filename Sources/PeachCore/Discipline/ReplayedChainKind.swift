/// A kind whose chain is rebuilt at a restart by replaying its newest answers into a fresh one (a
/// Leitner schedule, a melody's length): what the chain knows is in those answers, so nothing of it
/// needs storing. Such a kind trains one discipline.
public protocol ReplayedChainKind: TrainingKind {
    /// How many of the newest answers a restart replays: enough for the chain to have settled.
    static var resumedAnswers: Int { get }
}

extension ReplayedChainKind {
    public static func resumeChain(from store: any TrainingDataStore, profile: ProfileParts)
        async throws(DataStoreError) -> Chain
    {
        let newest = try await store.records(Record.self, disciplines[0].discipline, limit: resumedAnswers)
        var chain = freshChain
        for record in newest.reversed() { advance(&chain, after: record) }
        return chain
    }
}
