import Foundation

/// Where trials handed out wait for their answers, across restarts. The answer's record closes its
/// trial in the same transaction (`TrainingDataStore.save(_:key:closing:)`), so a trial is never
/// both answered and still open.
public protocol OpenTrialStore: Sendable {
    /// Keeps `trial` until it is answered or older than `keptFor` (older ones are dropped here).
    func open(_ trial: OpenTrial, keptFor: Duration) async throws(DataStoreError)
    func openTrial(id: String) async throws(DataStoreError) -> OpenTrial?
    /// Every open trial: after a reset or an import, trials drawn from the old history are void.
    func discardOpenTrials() async throws(DataStoreError)
}
