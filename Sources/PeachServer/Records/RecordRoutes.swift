import Hummingbird
import PeachCore

struct RecordRoutes {
    let services: PeachServices

    func add(to api: RouterGroup<BasicRequestContext>) {
        // "Reset training data": every record goes, in one transaction; the profile empties and the
        // chain starts cold.
        api.delete("records") { _, _ -> HTTPResponse.Status in
            do throws(DataStoreError) {
                try await services.store.deleteAll()
                try await services.historyDidChange()
            } catch {
                throw HTTPError(.serviceUnavailable, message: error.description)
            }
            return .noContent
        }
    }
}
