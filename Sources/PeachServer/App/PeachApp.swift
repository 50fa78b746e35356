import Foundation
import Hummingbird
import Logging
import NIOCore
import PeachCore
import PeachStore

/// Everything the server needs, opened once at start-up.
public struct PeachServices: Sendable {
    public let database: PeachDatabase
    public let store: SQLiteTrainingDataStore
    public let settings: SettingsService
    public let comparisons: ComparisonService
    public let profile: ProfileService
    public let pitchMatchings: PitchMatchingService
    /// The sounds the settings offer.
    public var sounds: [SoundChoice] = SoundChoice.sineOnly

    public static func open(
        databasePath: String, logger: Logger, sounds: [SoundChoice] = SoundChoice.sineOnly
    ) async throws(DataStoreError) -> PeachServices {
        let database = try PeachDatabase(path: databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let settings = try await SettingsService(store: SQLiteSettingsStore(database: database), logger: logger)
        let profile = try await ProfileService.load(from: store)
        let comparisons = try await ComparisonService(store: store, settings: settings, profile: profile, logger: logger)
        let pitchMatchings = PitchMatchingService(store: store, settings: settings, profile: profile, logger: logger)
        return PeachServices(
            database: database, store: store, settings: settings, comparisons: comparisons, profile: profile,
            pitchMatchings: pitchMatchings, sounds: sounds)
    }
}

extension PeachServices {
    /// After the stored history changed wholesale (reset, import), every in-memory view of it is
    /// rebuilt as a restart would rebuild it.
    func historyDidChange() async throws(DataStoreError) {
        await pitchMatchings.discardPending()
        try await profile.rebuild(from: store)
        try await comparisons.continueFromStoredAnswers(coldStart: await profile.meanThreshold)
    }
}

public enum PeachApp {
    public static func router(services: PeachServices, logger: Logger = Logger(label: "peach")) throws -> Router<BasicRequestContext> {
        let router = Router()
        var fileLogger = logger
        fileLogger.logLevel = max(logger.logLevel, .notice)
        router.add(middleware: FileMiddleware(WebResources.webFolder, searchForIndexHtml: true, logger: fileLogger))
        let api = router.group("api").add(middleware: ServerTimingMiddleware())
        HealthRoutes().add(to: api)
        OpenAPIRoutes(document: try WebResources.openAPIDocument()).add(to: api)
        ComparisonRoutes(service: services.comparisons, store: services.store).add(to: api)
        SettingsRoutes(service: services.settings, sounds: services.sounds).add(to: api)
        RecordRoutes(services: services).add(to: api)
        ProfileRoutes(service: services.profile).add(to: api)
        PitchMatchingRoutes(service: services.pitchMatchings, store: services.store).add(to: api)
        TransferRoutes(services: services).add(to: api)
        return router
    }

    /// - Parameter onListening: called with the bound port once the server accepts connections
    ///   (the port differs from the requested one when 0 asked for a free port).
    public static func application(
        services: PeachServices, host: String, port: Int, access: AccessPolicy = .loopbackOnly, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        Application(
            responder: GuardedResponder(inner: try router(services: services, logger: logger).buildResponder(), policy: access),
            configuration: .init(address: .hostname(host, port: port), serverName: "Peach"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
