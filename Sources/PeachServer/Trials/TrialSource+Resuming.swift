import PeachCore

extension TrialSource {
    /// A source whose chains continue from the stored answers and start cold at the stored
    /// profile's thresholds — exactly as the server starts them, so the terminal and the browser
    /// continue one chain.
    public static func resuming(from store: any TrainingDataStore & TrainingHistory) async throws(DataStoreError) -> TrialSource {
        TrialSource(
            lastAnswers: try await store.lastComparisons(),
            coldStarts: await (try await ProfileService.load(from: store)).coldStarts,
            timing: try await store.timingChain())
    }
}
