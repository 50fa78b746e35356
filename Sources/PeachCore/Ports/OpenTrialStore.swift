import Foundation

/// Where trials handed out wait for their answers, across restarts. The answer's record closes its
/// trial in the same transaction (`TrainingDataStore.save(_:key:closing:)`), so a trial is never
/// both answered and still open. Nothing else removes one before it expires: not a reset, not an
/// import of either mode, not a restart. A phone's reserve is a week of trials answered offline,
/// and its answers arrive whenever the phone is back, whatever another device did meanwhile.
public protocol OpenTrialStore: Sendable {
    /// Keeps `trial` until it is answered or older than `keptFor` (older ones are dropped here).
    func open(_ trial: OpenTrial, keptFor: Duration) async throws(DataStoreError)
    func openTrial(id: String) async throws(DataStoreError) -> OpenTrial?
}
