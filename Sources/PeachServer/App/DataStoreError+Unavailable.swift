import Hummingbird
import Logging
import PeachCore

extension DataStoreError {
    /// A failed store as a client is told of it: that it failed, not how. A database's error text
    /// names tables, constraints and values (PostgreSQL's came back in a 503), so it goes to the log.
    /// Retry-After: a database that restarts or missed its deadline is usually back in seconds.
    func unavailable(_ what: String, logger: Logger) -> HTTPError {
        logger.error("\(what)", metadata: ["error": "\(description)"])
        return HTTPError(
            .serviceUnavailable, headers: [.retryAfter: String(TrialRoutes.retryAfterSeconds)],
            message: "\(what): the database could not be read or written; the server's log says why")
    }
}
