import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import PeachAudio
import PeachCore
import PeachServices
import PeachStore

/// Everything the server needs, opened once at start-up.
public struct AppServices: Sendable {
    public let store: any TrainingDataStore & TrainingHistory & OpenTrialStore
    /// CSV export and import of the store's records; nil on an in-memory store.
    public let transfer: (any TrainingDataTransferring)?
    public let settings: SettingsService
    public let trials: TrialService
    public let profile: ProfileService
    public let environment: ServerEnvironment
    /// Where the routes put what a client is not told (a database's error text).
    public let logger: Logger
    /// The sounds the settings offer.
    public var sounds: [SoundChoice] = SoundChoice.sineOnly
    /// Renders the instruments' keys for the browser; nil on a server that plays only the sine.
    public var sampler: (any NoteSampler)?
    /// Where rendered keys are kept across restarts: `cache/sounds` beside the database file; nil
    /// keeps them in memory only.
    public var sampleCacheDirectory: URL?
    /// The envelope, glide and level every note follows, in the browser as in the terminal.
    public var synthesis = SynthesisSettings()
    /// The disciplines this server trains (`peach serve --disciplines`); the others are in the
    /// catalogue as not offered, and their trials are refused.
    public var offered = Set(Discipline.allCases)
    /// Where a phone on the network opens this server, once it listens (`GET /api/phone`).
    public var served = ServedAddresses()
    /// The signed-in user's assignments on a class server; nil on the personal Peach, which has none.
    public var assignments: UserAssignments?

    public static func open(
        databasePath: String, environment: ServerEnvironment, logger: Logger,
        sounds: [SoundChoice] = SoundChoice.sineOnly, sampler: (any NoteSampler)? = nil
    ) async throws(DataStoreError) -> AppServices {
        let database = try PeachDatabase(path: databasePath)
        var services = try await make(
            store: SQLiteTrainingDataStore(database: database), settingsStore: SQLiteSettingsStore(database: database),
            transfer: TrainingDataTransfer(database: database), environment: environment, logger: logger,
            sounds: sounds, sampler: sampler,
            profileSnapshot: ProfileSnapshot.File(besideDatabase: databasePath))
        services.sampleCacheDirectory = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
            .appendingPathComponent("cache/sounds", isDirectory: true)
        return services
    }

    /// The services on any store: SQLite in production, `InMemoryTrainingDataStore` in tests.
    public static func make(
        store: any TrainingDataStore & TrainingHistory & OpenTrialStore, settingsStore: any SettingsStore,
        transfer: (any TrainingDataTransferring)? = nil,
        environment: ServerEnvironment, logger: Logger, sounds: [SoundChoice] = SoundChoice.sineOnly,
        sampler: (any NoteSampler)? = nil, profileSnapshot: ProfileSnapshot.File? = nil
    ) async throws(DataStoreError) -> AppServices {
        let settings = try await SettingsService(store: settingsStore, logger: logger)
        let profile = try await ProfileService.load(from: store, snapshotFile: profileSnapshot)
        let trials = try await TrialService(
            store: store, settings: settings, profile: profile, environment: environment, logger: logger)
        return AppServices(
            store: store, transfer: transfer, settings: settings, trials: trials, profile: profile,
            environment: environment,
            logger: logger, sounds: sounds, sampler: sampler)
    }
}

extension AppServices {
    /// After the stored history changed wholesale (reset, import), every in-memory view of it is
    /// rebuilt as a restart would rebuild it.
    func historyDidChange() async throws(DataStoreError) {
        try await profile.rebuild(from: store)
        try await trials.continueFromStoredAnswers()
    }
}

public enum PeachApp {
    /// The personal Peach: the web app and the whole API on one user's services.
    public static func router(services: AppServices, logger: Logger = Logger(label: "peach")) throws -> Router<
        BasicRequestContext
    > {
        let router = sharedRouter(
            SharedDependencies(
                sounds: services.sounds, sampler: services.sampler, sampleCacheDirectory: services.sampleCacheDirectory,
                classServer: false,
                offered: services.offered, served: services.served),
            logger: logger)
        let api = router.group("api").add(middleware: ServerTimingMiddleware())
        ServerRoutes.personal.add(to: api, services)
        ServerRoutes.user.add(to: api, services)
        return router
    }

    /// What every visitor gets: the web app, health, the API document and the sounds.
    static func sharedRouter(_ shared: SharedDependencies, logger: Logger) -> Router<BasicRequestContext> {
        let router = Router()
        var fileLogger = logger
        fileLogger.logLevel = max(logger.logLevel, .notice)
        router.add(middleware: FileMiddleware(WebResources.webFolder, searchForIndexHtml: true, logger: fileLogger))
        ServerRoutes.shared.add(to: router.group("api").add(middleware: ServerTimingMiddleware()), shared)
        return router
    }

    /// One user's API: trials, settings, records, profile, transfer.
    static func apiRouter(services: AppServices, logger: Logger) -> Router<BasicRequestContext> {
        let router = Router()
        ServerRoutes.user.add(to: router.group("api").add(middleware: ServerTimingMiddleware()), services)
        return router
    }

    /// - Parameter tls: serve HTTPS with this identity; nil serves plain HTTP.
    /// - Parameter onListening: called with the bound port once the server accepts connections
    ///   (the port differs from the requested one when 0 asked for a free port).
    public static func application(
        services: AppServices, host: String, port: Int, access: AccessPolicy = .loopbackOnly, tls: TLSIdentity? = nil,
        logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        try application(
            responder: GuardedResponder(
                routes: try router(services: services, logger: logger).buildResponder(), policy: access,
                authority: tls?.authorityCertificate.map(AuthorityDownload.init(der:))),
            host: host, port: port, tls: tls, logger: logger, onListening: onListening)
    }

    /// A class server: accounts, classes, and each signed-in user's own Peach (`UserSpaces`).
    public static func classApplication(
        accounts: AccountService, spaces: UserSpaces, environment: ServerEnvironment,
        sounds: [SoundChoice] = SoundChoice.sineOnly,
        sampler: (any NoteSampler)? = nil, offered: Set<Discipline> = Set(Discipline.allCases),
        served: ServedAddresses = ServedAddresses(), host: String, port: Int,
        access: AccessPolicy = .loopbackOnly, tls: TLSIdentity? = nil,
        logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        try application(
            responder: GuardedResponder(
                inner: classResponder(
                    accounts: accounts, spaces: spaces, environment: environment, sounds: sounds, sampler: sampler,
                    offered: offered, served: served,
                    secure: access.secure, logger: logger), policy: access,
                authority: tls?.authorityCertificate.map(AuthorityDownload.init(der:))),
            host: host, port: port, tls: tls, logger: logger, onListening: onListening)
    }

    static func classResponder(
        accounts: AccountService, spaces: UserSpaces, environment: ServerEnvironment, sounds: [SoundChoice],
        sampler: (any NoteSampler)?, offered: Set<Discipline> = Set(Discipline.allCases),
        served: ServedAddresses = ServedAddresses(), secure: Bool, logger: Logger
    ) -> AccountsResponder {
        AccountsResponder(
            shared: sharedRouter(
                SharedDependencies(
                    sounds: sounds, sampler: sampler, classServer: true, offered: offered, served: served),
                logger: logger
            ).buildResponder(),
            accountRoutes: accountRouter(ClassServices(accounts: accounts, spaces: spaces, environment: environment))
                .buildResponder(),
            service: accounts, spaces: spaces, secure: secure)
    }

    /// A class server's account and class routes, which see who is signed in.
    static func accountRouter(_ services: ClassServices) -> Router<AccountRequestContext> {
        let router = Router(context: AccountRequestContext.self)
        ServerRoutes.classServer.add(to: router.group("api").add(middleware: ServerTimingMiddleware()), services)
        return router
    }

    private static func application<Responder: HTTPResponder>(
        responder: Responder, host: String, port: Int, tls: TLSIdentity?, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void
    ) throws -> some ApplicationProtocol where Responder.Context == GuardedRequestContext {
        let limits = ConnectionLimits()
        let ledger = ConnectionLedger(limit: limits.connectionsPerAddress)
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                ConnectionCapHandler(ledger: ledger), BodyPaceHandler(rule: limits.bodyPace),
                CloseAfterResponseHandler(),
            ],
            idleTimeout: limits.idleTimeout)
        let http = HTTPServerBuilder { responder in
            AbsoluteFormChannel(base: HTTP1Channel(responder: responder, configuration: configuration))
        }
        return Application(
            responder: responder,
            server: try tls.map { try .tls(http, tlsConfiguration: $0.configuration) } ?? http,
            configuration: .init(address: .hostname(host, port: port), serverName: "Peach"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
