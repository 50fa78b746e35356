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

    /// Runs the app `serving` builds until a signal stops it, within `deadline`. `beside`: what the
    /// app needs running (a database's pool), started first so that building the app can use it, and
    /// stopped after the app has drained.
    public static func run<App: ApplicationProtocol>(
        beside services: [any Service] = [], logger: Logger, serving: @escaping @Sendable () async throws -> App
    ) async throws {
        var configuration = ServiceGroupConfiguration(
            services: services.map { .init(service: $0) } + [
                .init(service: Serving(build: serving)),
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

/// The app as a service that is built as it starts, when what it is built from runs beside it.
private struct Serving<App: ApplicationProtocol>: Service {
    let build: @Sendable () async throws -> App

    func run() async throws {
        try await build().run()
    }
}
