import Foundation
import NIOSSL
import PeachCore
import PostgresNIO

/// Where a PostgreSQL database is and how to sign in:
/// `postgres://USER:PASSWORD@HOST:PORT/DB?sslmode=…&sslrootcert=FILE`, each part the URL leaves out
/// taken from libpq's environment variables (PGUSER, PGPASSWORD, PGHOST, PGPORT, PGDATABASE,
/// PGSSLMODE, PGSSLROOTCERT), then from libpq's defaults, so a URL means what it means to psql.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        /// Certificate checked against the trusted roots (`sslrootcert`, else the system's), host name not.
        case verifyCA = "verify-ca"
        /// Certificate and host name checked.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// A PEM file of the certificate authorities to trust in place of the system's: a school's own
    /// CA, say. nil: the system's roots.
    public var rootCertificateFile: String?

    public init(
        host: String, port: Int, username: String, password: String?, database: String, tls: TLSMode,
        rootCertificateFile: String? = nil
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
        self.rootCertificateFile = rootCertificateFile
    }

    /// Whether `text` names a PostgreSQL database rather than a file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(DataStoreError)
    {
        func fail(_ reason: String) -> DataStoreError { .openFailed(path: Self.redacted(text), reason: reason) }
        guard Self.isURL(text), let url = URLComponents(string: text) else {
            throw fail("not a postgres://USER@HOST:PORT/DB address")
        }
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let unknown = query.keys.first(where: { $0 != "sslmode" && $0 != "sslrootcert" }) {
            throw fail("unknown parameter '\(unknown)' (only sslmode and sslrootcert are understood)")
        }
        // A socket directory is libpq's default; PostgresNIO speaks TCP here, so loopback stands in.
        host = url.host.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding } ?? env("PGHOST") ?? "127.0.0.1"
        if let port = url.port {
            self.port = port
        } else if let text = env("PGPORT") {
            guard let port = Int(text), (1...65535).contains(port) else { throw fail("PGPORT '\(text)' is not a port") }
            self.port = port
        } else {
            port = 5432
        }
        guard let user = url.user.flatMap({ $0.removingPercentEncoding }) ?? env("PGUSER") ?? env("USER") else {
            throw fail("no user: name one in the URL or PGUSER")
        }
        username = user
        password = url.password.flatMap { $0.removingPercentEncoding } ?? env("PGPASSWORD")
        let path = String(url.path.drop(while: { $0 == "/" })).removingPercentEncoding ?? ""
        database = path.isEmpty ? env("PGDATABASE") ?? user : path
        let mode = query["sslmode"] ?? env("PGSSLMODE") ?? TLSMode.prefer.rawValue
        guard let tls = TLSMode(rawValue: mode) else {
            throw fail("sslmode '\(mode)' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let roots = query["sslrootcert"].flatMap { $0.isEmpty ? nil : $0 } ?? env("PGSSLROOTCERT")
        // As libpq: require with a root certificate verifies the chain (verify-ca); disable and
        // prefer check no certificate, so they ignore it.
        self.tls = roots != nil && tls == .require ? .verifyCA : tls
        if let roots, self.tls == .verifyCA || self.tls == .verifyFull {
            guard FileManager.default.isReadableFile(atPath: roots) else {
                throw fail("sslrootcert '\(roots)' is not a readable file")
            }
            rootCertificateFile = roots
        }
    }

    /// The address without its password, for messages and logs.
    public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }

    static func redacted(_ text: String) -> String {
        guard var url = URLComponents(string: text), url.password != nil else { return text }
        url.password = "***"
        return url.string ?? "postgres://…"
    }

    var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: clientTLS)
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    /// One connection of its own (the migrations): fails at once when the server cannot be
    /// reached, where the pool would keep retrying.
    var connectionConfiguration: PostgresConnection.Configuration {
        get throws {
            let tls: PostgresConnection.Configuration.TLS =
                switch try tlsConfiguration.map(NIOSSLContext.init) {
                case nil: .disable
                case let context?: self.tls == .prefer ? .prefer(context) : .require(context)
                }
            var configuration = PostgresConnection.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls)
            configuration.options.connectTimeout = .seconds(10)
            return configuration
        }
    }

    private var clientTLS: PostgresClient.Configuration.TLS {
        guard let client = tlsConfiguration else { return .disable }
        return tls == .prefer ? .prefer(client) : .require(client)
    }

    /// nil when TLS is off.
    private var tlsConfiguration: TLSConfiguration? {
        var client = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable: return nil
        case .prefer, .require: client.certificateVerification = .none
        case .verifyCA: client.certificateVerification = .noHostnameVerification
        case .verifyFull: client.certificateVerification = .fullVerification
        }
        if let rootCertificateFile { client.trustRoots = .file(rootCertificateFile) }
        return client
    }
}
