import Foundation
import Logging
import PeachCore
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// A PostgreSQL database holding Peach's records: a pool of connections (PostgresClient) and the
/// schema's versioned migrations. Every write is one transaction, committed with PostgreSQL's
/// default `synchronous_commit = on`, so an acknowledged answer is on the server's disk.
///
/// The pool works only while it runs: a server runs it as a service of its group (`.byServiceGroup`),
/// so that it closes after the requests in flight have drained; a command or a test lets it run in a
/// task of its own until `close()`.
public final class PostgresPeachDatabase: Service, Sendable {
    public enum Running: Sendable {
        case ownTask
        /// Queries wait until the group runs `run()`.
        case byServiceGroup
    }

    public let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>?

    /// Connects lazily: the first query opens the pool's first connection.
    public init(
        _ location: PostgresLocation, logger: Logger = PostgresPeachDatabase.quietLogger, running: Running = .ownTask
    ) {
        self.location = location
        self.logger = logger
        let client = PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
        self.client = client
        runner = running == .ownTask ? Task { await client.run() } : nil
    }

    deinit { runner?.cancel() }

    /// Opens the database and brings its schema up to date, as a server does at start-up; a schema
    /// newer than this Peach knows is refused before anything is read or written. The migration
    /// runs on a connection of its own, so it needs no pool running yet.
    public static func open(
        _ location: PostgresLocation, logger: Logger = PostgresPeachDatabase.quietLogger, running: Running = .ownTask
    ) async throws(DataStoreError) -> PostgresPeachDatabase {
        let database = PostgresPeachDatabase(location, logger: logger, running: running)
        try await database.migrate()
        return database
    }

    /// Runs the pool until graceful shutdown (or cancellation), then closes its connections: what a
    /// service group runs for a database opened `.byServiceGroup`.
    public func run() async {
        await client.run()
    }

    /// PostgresNIO reports each failed connection attempt at info level; what matters reaches the caller as an error.
    public static var quietLogger: Logger {
        var logger = Logger(label: "peach.postgres")
        logger.logLevel = .notice
        return logger
    }

    /// Closes every connection of a pool running in its own task (a service group closes its own).
    public func close() async {
        runner?.cancel()
        await runner?.value
    }

    /// Applies the migrations the database lacks, all in one transaction under an advisory lock, so
    /// instances starting together migrate once. Returns the names it applied. Runs on a connection
    /// of its own, so an unreachable server is an error at once.
    @discardableResult
    public func migrate() async throws(DataStoreError) -> [String] {
        try await onOwnConnection { connection in
            try await connection.withTransaction(logger: self.logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(PostgresMigrations.lockKey))", logger: self.logger)
                try await connection.query(PostgresMigrations.createVersionTable, logger: self.logger)
                let applied = try await Self.appliedVersions(connection, logger: self.logger)
                if let newest = applied.max(), newest > PostgresMigrations.latestVersion {
                    throw DataStoreError.openFailed(
                        path: self.location.description,
                        reason:
                            "its schema is version \(newest), newer than this Peach knows (\(PostgresMigrations.latestVersion)); run a newer Peach"
                    )
                }
                var names: [String] = []
                for migration in PostgresMigrations.all where !applied.contains(migration.version) {
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                    }
                    try await connection.query(
                        "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                        logger: self.logger)
                    names.append(migration.name)
                }
                return names
            }
        }
    }

    /// The versions applied to this database, oldest first (empty before the first migration).
    public func appliedVersions() async throws(DataStoreError) -> [Int] {
        try await onOwnConnection { connection in
            try await connection.query(PostgresMigrations.createVersionTable, logger: self.logger)
            return try await Self.appliedVersions(connection, logger: self.logger).sorted()
        }
    }

    private func onOwnConnection<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws(DataStoreError) -> Result {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try location.connectionConfiguration, id: 0, logger: logger)
            do {
                let result = try await body(connection)
                try? await connection.close()
                return result
            } catch {
                try? await connection.close()
                throw error
            }
        } catch let error as PostgresTransactionError {
            throw openFailure(error.closureError ?? error)
        } catch {
            throw openFailure(error)
        }
    }

    private static func appliedVersions(_ connection: PostgresConnection, logger: Logger) async throws -> Set<Int> {
        var versions: Set<Int> = []
        for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger)
            .decode(Int.self)
        {
            versions.insert(version)
        }
        return versions
    }

    /// Runs `body` in one transaction: it commits whole or not at all. Errors become `failure(error)`
    /// unless they already are a DataStoreError.
    func transaction<Result: Sendable>(
        deadline: Duration = requestDeadline,
        failure: (any Error) -> DataStoreError = { .saveFailed(PostgresPeachDatabase.describe($0)) },
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws(DataStoreError) -> Result {
        try await transaction(
            deadline: deadline,
            failing: { error in
                if let error = (error as? PostgresTransactionError)?.closureError as? DataStoreError ?? error
                    as? DataStoreError
                {
                    return error
                }
                return failure(error)
            }, body)
    }

    /// `transaction` for a caller whose errors are its own type: `failing` makes one of any error
    /// (a `PostgresTransactionError` holds what the body threw in `closureError`).
    func transaction<Result: Sendable, Failure: Error>(
        deadline: Duration = requestDeadline, failing: (any Error) -> Failure,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws(Failure) -> Result {
        let logger = logger
        do {
            return try await withConnection(deadline: deadline) { connection in
                try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
            }
        } catch {
            throw failing(error)
        }
    }

    /// How long a store call serving a request may take once it has its connection: its queries and
    /// commit. A crash or restart of the server is caught sooner, by the call's connection closing
    /// (`withConnection`); the deadline bounds what no socket tells, a server gone silent. Past it
    /// the call fails and the client gets a 503 with Retry-After. A healthy server answers in
    /// milliseconds.
    public static let requestDeadline: Duration = .seconds(10)

    /// How long a call waits for a connection from the pool. Longer than `requestDeadline`: the
    /// pool also waits while every connection is busy, or while new ones are being opened, which
    /// may take long on a loaded server; a server that restarts is back within seconds.
    static let leaseDeadline: Duration = .seconds(120)

    /// The bound of the calls whose time grows with the data: an import, a history streamed whole,
    /// the fits of a class. They end too, however the server fails.
    static let bulkDeadline: Duration = .seconds(600)

    /// `body` on a connection from the pool, failing with `DeadlinePassed` when it takes longer than
    /// `deadline`, or with `ConnectionLost` a second after its connection closed. PostgresNIO (1.33)
    /// can leave a query waiting forever: one written to a connection whose server just vanished,
    /// before the pool saw it go, is never answered nor failed, and neither cancelling nor closing
    /// the connection ends the wait. So `body` runs in a task of its own, which the caller stops
    /// waiting for then (a body whose connection closed has had its error long before). At the
    /// deadline its connection is closed: a transaction not yet committed is rolled back by the
    /// server; one whose COMMIT was sent may have committed, so the caller reports a failure, never
    /// a success, and an answer's Idempotency-Key finds it on the client's retry. A lease still
    /// awaited is cancelled.
    func withConnection<Result: Sendable>(
        deadline: Duration = requestDeadline, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let client = client
        let race = Race<Result>()
        let work = Task {
            do {
                race.finish(
                    .success(
                        try await client.withConnection { connection in
                            race.leased(connection)
                            return try await body(connection)
                        }))
            } catch {
                race.finish(.failure(error))
            }
        }
        // Counted in looks, not read off the clock: a process whose threads are all busy (a loaded
        // machine, a parallel test run) wakes the looks late, and a call is only late once it had
        // as many chances to run as its deadline holds looks.
        let timer = Task {
            var looks = (asked: 0, leased: 0, closed: 0)
            while true {
                try await Task.sleep(for: Self.connectionCheck)
                let connection = race.connection
                looks.asked += 1
                if connection != nil { looks.leased += 1 }
                if connection?.isClosed == true { looks.closed += 1 }
                let lost = looks.closed > 4
                let late =
                    connection == nil
                    ? looks.asked > Int(Self.leaseDeadline / Self.connectionCheck)
                    : looks.leased > Int(deadline / Self.connectionCheck)
                guard lost || late else { continue }
                let failure: any Error =
                    lost
                    ? ConnectionLost() : DeadlinePassed(deadline: connection == nil ? Self.leaseDeadline : deadline)
                guard race.finish(.failure(failure)) else { return }
                work.cancel()
                try await race.connection?.close()
                return
            }
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { race.wait($0) }
        } onCancel: {
            work.cancel()
        }
    }

    /// What a bounded call settles first: its body's outcome, its deadline or its connection's loss.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var waiting: CheckedContinuation<Value, any Error>?
            var outcome: Swift.Result<Value, any Error>?
            var connection: PostgresConnection?
        }
        private let state = Mutex(State())

        var connection: PostgresConnection? { state.withLock { $0.connection } }

        func leased(_ connection: PostgresConnection) { state.withLock { $0.connection = connection } }

        func wait(_ continuation: CheckedContinuation<Value, any Error>) {
            let settled = state.withLock { state in
                if state.outcome == nil { state.waiting = continuation }
                return state.outcome
            }
            if let settled { continuation.resume(with: settled) }
        }

        /// Whether `outcome` came first; the later one is dropped.
        @discardableResult
        func finish(_ outcome: Swift.Result<Value, any Error>) -> Bool {
            let settled: (first: Bool, waiting: CheckedContinuation<Value, any Error>?) = state.withLock { state in
                guard state.outcome == nil else { return (false, nil) }
                state.outcome = outcome
                let waiting = state.waiting
                state.waiting = nil
                return (true, waiting)
            }
            settled.waiting?.resume(with: outcome)
            return settled.first
        }
    }

    /// How often a bounded call looks whether its connection is still open and its deadline passed.
    static let connectionCheck: Duration = .milliseconds(250)

    /// A store call's connection closed (its server crashed or restarted) and the call did not end.
    struct ConnectionLost: Error, CustomStringConvertible {
        var description: String { "the connection to PostgreSQL was lost" }
    }

    /// A store call ran past its deadline (`withConnection`).
    struct DeadlinePassed: Error, CustomStringConvertible {
        let deadline: Duration
        var description: String { "PostgreSQL did not answer within \(Int(deadline.seconds)) s" }
    }

    private func openFailure(_ error: any Error) -> DataStoreError {
        if let error = error as? DataStoreError { return error }
        return .openFailed(path: location.description, reason: Self.describe(error))
    }

    /// PSQLError hides its details from `description` (they may hold data); the server's message is what a reader needs.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return String(describing: underlying) }
            return "\(error.code)"
        }
        if let error = error as? PostgresTransactionError {
            return [error.beginError, error.closureError, error.rollbackError, error.commitError]
                .compactMap { $0.map(describe) }.joined(separator: "; ")
        }
        return String(describing: error)
    }
}
