import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// How long a stopping server may take. On SIGTERM or SIGINT the server stops accepting and lets
/// the requests in flight finish for `drain`; then they are cancelled. A request waiting on a
/// database connection that never answers (a PostgreSQL backend stuck, a connection in CLOSE-WAIT)
/// ignores cancellation, and once kept an instance alive for 12 minutes: at `deadline` the process
/// exits regardless. That loses nothing acknowledged: every answer is committed before it is
/// acknowledged, so exiting then is no worse than the kill -9 the data-safety drills survive.
public struct ShutdownDeadline: Service {
    static let drain = Duration.seconds(3)
    static let deadline = Duration.milliseconds(4500)

    let logger: Logger

    /// Runs `app` until a signal stops it, within `deadline`.
    public static func run(_ app: some ApplicationProtocol, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: app),
                // Last, so that graceful shutdown reaches it first and the deadline starts with the signal.
                .init(service: ShutdownDeadline(logger: logger), successTerminationBehavior: .ignore),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = drain
        try await ServiceGroup(configuration: configuration).run()
    }

    public func run() async throws {
        try await gracefulShutdown()
        let logger = self.logger
        let seconds = Double(Self.deadline.components.seconds) + Double(Self.deadline.components.attoseconds) / 1e18
        // A thread of its own: the concurrency pool may be what is stuck.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            logger.warning("requests were still running \(seconds) s after the stop signal; exiting without them")
            _exit(0)
        }
    }
}
