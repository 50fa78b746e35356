import ArgumentParser
import Foundation
import Logging
import PeachCore
import PeachFluidSynth
import PeachPostgres
import PeachServer
import PeachStore

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the web app (the default command).")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(
        help:
            "The access token for clients on other machines (default: a new random one whenever --host is not a loopback address)."
    )
    var token: String?

    @OptionGroup var storage: StoreOptions

    @Option(help: ArgumentHelp("Serve HTTPS with this PEM certificate (chain); needs --tls-key.", valueName: "file"))
    var tlsCert: String?

    @Option(
        help: ArgumentHelp(
            "The PEM private key of --tls-cert. Without both, Peach serves HTTPS beyond loopback with a certificate signed by its own certificate authority (local names only), kept next to the database; devices trust it once from /ca.crt (peach phone shows how).",
            valueName: "file"))
    var tlsKey: String?

    @Option(help: "A SoundFont (SF2/SF3) whose presets the settings offer besides the named instruments.")
    var soundfont: String?

    @Option(
        help: ArgumentHelp(
            "The address people use when Peach runs behind a reverse proxy (https://peach.school.example): its host name is accepted, and cookies are Secure when it is HTTPS.",
            valueName: "url"))
    var publicURL: String?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "A class server: sign-in, each user's own data, teachers' classes. On by default with --database (PostgreSQL); --no-accounts serves one person's data there instead. On SQLite (--accounts without --database) the class's files live in class/ beside the --data file."
        ))
    var accounts: Bool?

    /// Accounts come with PostgreSQL: a database a school runs is shared unless said otherwise.
    private var servesAccounts: Bool { accounts ?? (storage.database.url != nil) }

    @Option(
        help: ArgumentHelp(
            "On a class server: how long a teacher's class view waits for students' figures still being prepared (after an upgrade or a bulk load, or just after they answered) before it shows them as being prepared (0–5000).",
            valueName: "ms"))
    var classViewWait = 200

    @Flag(help: "Do not open the web app in a browser.")
    var noBrowser = false

    @Option(
        help: ArgumentHelp(
            "Train only these disciplines (comma-separated ids, as GET /api/disciplines names them): a class that works on a few. Default: all.",
            valueName: "ids"))
    var disciplines: String?

    /// The disciplines `--disciplines` names; all without it.
    func offered() throws -> Set<Discipline> {
        guard let disciplines else { return Set(Discipline.allCases) }
        let names = disciplines.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        let known = Discipline.allCases.map(\.rawValue).joined(separator: ", ")
        guard !names.isEmpty else { throw ValidationError("--disciplines names none; it takes some of \(known)") }
        return Set(
            try names.map { name in
                guard let discipline = Discipline(rawValue: name) else {
                    throw ValidationError("--disciplines: no discipline \(name); the disciplines are \(known)")
                }
                return discipline
            })
    }

    func run() async throws {
        var logger = Logger(label: "peach")
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .notice
        // Lists sounds only: no samples are read before the server answers. Each key is rendered
        // alone, so an instrument readies one note (each costs a parse of the SoundFont).
        let library = try SoundLibrary(userSoundFont: soundfont, readyNotes: 1)
        let sounds = library.sounds.map { SoundChoice(id: $0.id, name: $0.name, sustains: $0.sustains) }
        let sampler = LibraryNoteSampler(library: library)
        var policy = AccessPolicy.listening(
            on: host, token: token,
            machineNames: [ProcessInfo.processInfo.hostName] + (LocalName.machine().map { [$0] } ?? []))
        if let publicURL { policy.servedAs(publicURL) }
        let tls = try identity(beyondLoopback: policy.acceptsIPAddressHosts)
        policy.secure = policy.secure || tls != nil
        let access = policy
        let urlHost = Self.urlHost(listeningOn: host)
        let openBrowser = !noBrowser
        // Beyond loopback: what `peach phone` reads while this server runs.
        let servingFile =
            access.acceptsIPAddressHosts ? ServingFile.location(besideDatabase: storage.data.resolvedPath) : nil
        let terminal = isatty(STDOUT_FILENO) == 1
        let presence = LANPresence()
        defer { presence.end() }
        let served = ServedAddresses()
        // Peach's own CA, as `GET /api/phone` names it; none when --tls-cert brings a certificate.
        let authority =
            tls?.authorityCertificate == nil
            ? nil
            : CertificateAuthorityStore(
                directory: URL(fileURLWithPath: storage.data.resolvedPath).deletingLastPathComponent()
            ).keptAuthority().map { ServedAddresses.Authority(name: $0.name, fingerprint: $0.fingerprint) }
        let announce: @Sendable (Int) -> Void = { port in
            let url =
                (tls == nil ? "http" : "https") + "://\(urlHost):\(port)/" + (access.token.map { "?token=\($0)" } ?? "")
            // The first line of output is the URL, so scripts and tests can read it; the second,
            // over HTTPS, what the phone's certificate warning should show.
            Output.line(url)
            if let tls { Output.line("Certificate SHA-256 fingerprint: \(tls.fingerprint)") }
            if tls?.authorityCertificate != nil {
                let shown = urlHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                if !LocalCertificateAuthority.permits(shown) {
                    Output.line(
                        "\(shown) is not a private address, so Peach's certificate does not name it (only local names and private addresses)."
                    )
                }
                Output.line(
                    "Trust Peach's certificate authority once on each device: https://\(urlHost):\(port)/ca.crt (peach phone shows how)."
                )
            }
            if let servingFile {
                presence.begin(
                    port: port, token: access.token, https: tls != nil,
                    address: urlHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), file: servingFile,
                    terminal: terminal, served: served, authority: authority)
            }
            if openBrowser { Browser.open(url) }
        }
        // The one place the server is handed the real clock, ids and chance.
        let environment = ServerEnvironment.live
        let offered = try offered()
        let database = try await postgres(logger: logger)
        let beside = database.map { [$0] } ?? []
        if servesAccounts {
            let (accounts, stores) = try await classStores(database: database, now: environment.now, logger: logger)
            let spaces = UserSpaces(
                accounts: accounts, stores: stores, environment: environment, logger: logger,
                classViewWait: .milliseconds(classViewWait)
            ) { services in
                services.sounds = sounds
                services.sampler = sampler
                services.offered = offered
            }
            let preparing = logger
            let app = try PeachApp.classApplication(
                accounts: AccountService(accounts: accounts, now: environment.now, logger: logger), spaces: spaces,
                environment: environment,
                sounds: sounds, sampler: sampler, offered: offered, served: served, host: host, port: port,
                access: access, tls: tls,
                logger: logger
            ) { port in
                announce(port)
                sampler.warmUp(first: SoundSource.piano.rawValue)
                Task.detached(priority: .background) {
                    let began = ContinuousClock.now
                    do {
                        let fitted = try await spaces.classFigures.prepareEveryStudent()
                        if fitted > 0 {
                            preparing.info(
                                "class views: figures of \(fitted) students kept in \(ContinuousClock.now - began)")
                        }
                    } catch {
                        preparing.warning("class views not prepared: \(error)")
                    }
                }
            }
            try await ShutdownDeadline.run(beside: beside, logger: logger) { app }
            return
        }
        // Built once the pool runs: opening the services reads the stored settings.
        try await ShutdownDeadline.run(beside: beside, logger: logger) { [logger] in
            var services = try await openServices(
                database: database, environment: environment, logger: logger, sounds: sounds, sampler: sampler)
            services.offered = offered
            services.served = served
            // None chosen: the piano, which harmony and melodies play then.
            let chosen = await services.settings.current.training.soundSource?.rawValue ?? SoundSource.piano.rawValue
            return try PeachApp.application(
                services: services, host: host, port: port, access: access, tls: tls, logger: logger
            ) { port in
                announce(port)
                // Once listening: a newly chosen instrument then finds its preset decoded.
                sampler.warmUp(first: chosen)
            }
        }
    }

    /// With `--database`: opened and migrated, its pool run as a service of the server's group, so
    /// that it closes after the requests in flight have drained.
    private func postgres(logger: Logger) async throws -> PostgresPeachDatabase? {
        guard let location = try storage.database.location else { return nil }
        return try await storage.database.open(location, logger: logger, running: .byServiceGroup)
    }

    /// A class server's accounts and each user's stores: in PostgreSQL with `--database`, else in
    /// SQLite files beside the personal database (`ClassFiles`).
    private func classStores(
        database: PostgresPeachDatabase?, now: @escaping @Sendable () -> Date, logger: Logger
    ) async throws -> (any AccountStore & ClassroomStore, UserSpaces.Stores) {
        guard let opened = database else {
            let accounts: SQLiteAccountStore
            let lock: ClassServerLock
            do {
                let files = ClassFiles(besidePersonalDatabase: storage.data.resolvedPath)
                lock = try ClassServerLock(files: files)
                accounts = try SQLiteAccountStore(files: files, now: now)
            } catch {
                throw PeachFailure(error.description)
            }
            return (
                accounts,
                { user, revision throws(DataStoreError) in
                    // Held as long as the server can open a user's stores: for its whole life.
                    withExtendedLifetime(lock) {}
                    let database = try await accounts.database(of: user, revision: revision)
                    return (
                        SQLiteTrainingDataStore(database: database), SQLiteSettingsStore(database: database),
                        TrainingDataTransfer(database: database)
                    )
                }
            )
        }
        return (
            PostgresAccountStore(database: opened, now: now),
            { user, revision in
                let records = PostgresTrainingDataStore(database: opened, user: user, revision: revision)
                return (records, PostgresSettingsStore(records: records), PostgresTrainingDataTransfer(store: records))
            }
        )
    }

    /// One person's Peach on PostgreSQL with `--database … --no-accounts` (their data is the personal user's),
    /// else on the SQLite file.
    private func openServices(
        database: PostgresPeachDatabase?, environment: ServerEnvironment, logger: Logger, sounds: [SoundChoice],
        sampler: LibraryNoteSampler
    ) async throws -> AppServices {
        guard let opened = database else {
            return try await AppServices.open(
                databasePath: storage.data.resolvedPath, environment: environment, logger: logger, sounds: sounds,
                sampler: sampler)
        }
        let store = PostgresTrainingDataStore(database: opened)
        do {
            return try await AppServices.make(
                store: store, settingsStore: PostgresSettingsStore(records: store),
                transfer: PostgresTrainingDataTransfer(store: store), environment: environment, logger: logger,
                sounds: sounds, sampler: sampler)
        } catch {
            throw PeachFailure(error.description)
        }
    }

    /// Browsers give a page the microphone only in a secure context, so a phone on the LAN needs
    /// HTTPS; loopback stays plain HTTP unless a certificate is given.
    private func identity(beyondLoopback: Bool) throws -> TLSIdentity? {
        if let tlsCert, let tlsKey {
            do {
                return try TLSIdentity(certificateFile: tlsCert, keyFile: tlsKey)
            } catch {
                throw PeachFailure(error.description)
            }
        }
        guard beyondLoopback else { return nil }
        let machine = LocalName.machine() ?? "localhost"
        let names: @Sendable () -> [String] = {
            (LocalName.mDNS().map { [$0] } ?? []) + LocalAddress.all() + ["localhost", "127.0.0.1", "::1"]
        }
        let store = CertificateAuthorityStore(
            directory: URL(fileURLWithPath: storage.data.resolvedPath).deletingLastPathComponent())
        do {
            let now = Date()
            let initial = try store.identity(for: names(), machine: machine, now: now)
            // A server that runs for months renews its certificate while serving, not only at a start.
            return RenewingIdentity(initial: initial, store: store, machine: machine, names: names, checkedAt: now) {
                renewed in
                Output.line(
                    "Renewed the server certificate (the same CA, nothing to trust again); SHA-256 fingerprint: \(renewed.fingerprint)"
                )
            }.served()
        } catch let error as CertificateAuthorityStoreError {
            throw PeachFailure(error.description)
        } catch {
            throw PeachFailure("cannot make the TLS certificate in \(store.directory.path): \(error)")
        }
    }

    func validate() throws {
        if let publicURL,
            URLComponents(string: publicURL)?.host == nil
                || !["http", "https"].contains(URLComponents(string: publicURL)?.scheme ?? "")
        {
            throw ValidationError("--public-url must be an http:// or https:// address, got '\(publicURL)'")
        }
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        if let token,
            token.count < 16 || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) })
        {
            throw ValidationError("--token must be at least 16 letters, digits or -_.~")
        }
        guard (0...5000).contains(classViewWait) else {
            throw ValidationError("--class-view-wait is in milliseconds, 0–5000; \(classViewWait) is not")
        }
        _ = try offered()
    }

    /// The address to print: on a wildcard address, the one a phone on the same network would use.
    private static func urlHost(listeningOn host: String) -> String {
        let shown = ["0.0.0.0", "::", "*"].contains(host) ? LocalAddress.network() ?? "127.0.0.1" : host
        return shown.contains(":") ? "[\(shown)]" : shown
    }
}
