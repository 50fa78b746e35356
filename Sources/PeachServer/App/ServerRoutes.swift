import Foundation
import Hummingbird
import PeachCore
import PeachServices

/// The route tables each server is made of. The routers register these lists and the API
/// document is written from them (`OpenAPIDocument`), so neither has a route the other lacks.
enum ServerRoutes {
    /// Every visitor's: health, the catalogue of disciplines, the API document, the sounds, where a
    /// phone opens Peach.
    static let shared = RouteTables<SharedDependencies, BasicRequestContext>(
        [HealthRoutes.self, DisciplineRoutes.self, OpenAPIRoutes.self, SoundRoutes.self, PhoneRoutes.self])
    /// One user's own Peach: the personal Peach's, and each signed-in user's on a class server.
    static let user = RouteTables<AppServices, BasicRequestContext>(
        [TrialRoutes.self, SettingsRoutes.self, RecordRoutes.self, ProfileRoutes.self, TransferRoutes.self])
    /// The personal Peach's alone.
    static let personal = RouteTables<AppServices, BasicRequestContext>([PersonalAccountRoutes.self])
    /// A class server's own: accounts and classes.
    static let classServer = RouteTables<ClassServices, AccountRequestContext>([
        AccountRoutes.self, ClassroomRoutes.self, AssignmentRoutes.self,
    ])
}

/// What the shared routes are made from.
struct SharedDependencies {
    var sounds: [SoundChoice]
    var sampler: (any NoteSampler)?
    /// Where rendered keys are kept across restarts; nil keeps them in memory only.
    var sampleCacheDirectory: URL?
    /// Serve the class server's API document rather than the personal Peach's.
    var classServer: Bool
    /// The disciplines trained here (`AppServices.offered`), as the catalogue says.
    var offered = Set(Discipline.allCases)
    /// Where a phone on the network opens this server (`GET /api/phone`).
    var served = ServedAddresses()
}
