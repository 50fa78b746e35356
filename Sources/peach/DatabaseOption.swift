import ArgumentParser
import Logging
import PeachCore
import PeachPostgres

/// `--database postgres://USER@HOST:PORT/DB`: a PostgreSQL database in place of the SQLite file.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A PostgreSQL database instead of the SQLite file: postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?sslmode=…]; PGUSER, PGPASSWORD, PGHOST, PGPORT, PGDATABASE and PGSSLMODE fill in what it leaves out.",
            valueName: "url"))
    var url: String?

    var location: PostgresLocation? {
        get throws {
            guard let url else { return nil }
            do {
                return try PostgresLocation(url: url)
            } catch {
                throw PeachFailure(error.description)
            }
        }
    }

    /// Opened and migrated, or one line saying why not (a newer schema among the reasons).
    func open(
        _ location: PostgresLocation, logger: Logger, running: PostgresPeachDatabase.Running = .ownTask
    ) async throws -> PostgresPeachDatabase {
        do {
            return try await PostgresPeachDatabase.open(location, logger: logger, running: running)
        } catch {
            throw PeachFailure(error.description)
        }
    }
}
