import PeachCore
import PeachServices

extension TrialSource {
    /// A source whose chains continue from the stored answers and start cold at the stored
    /// profile's thresholds — exactly as the server starts them, so the terminal and the browser
    /// continue one chain.
    public static func resuming(from store: any TrainingDataStore & TrainingHistory) async throws(DataStoreError)
        -> TrialSource
    {
        TrialSource(
            chains: try await TrialChains.resuming(
                from: store, profile: await (try await ProfileService.load(from: store)).parts))
    }
}
