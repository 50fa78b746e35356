import Hummingbird
import PeachCore

struct RecordRoutes: RouteTable {
    let services: AppServices

    init(_ services: AppServices) { self.services = services }

    static var routes: [Route<Self>] {
        [
            Route(
                .delete, "records", "resetTrainingData",
                "Reset training data: delete every record in one transaction; the adaptive chain starts cold",
                returns: "Everything was deleted.", errors: [.error(.serviceUnavailable)], Self.deleteAll)
        ]
    }

    /// Every record goes, in one transaction; the profile empties and the chain starts cold.
    func deleteAll(_: Input<NoBody>) async throws {
        do throws(DataStoreError) {
            try await services.store.deleteAll()
            try await services.historyDidChange()
        } catch {
            throw error.unavailable("the records were not deleted", logger: services.logger)
        }
    }
}
