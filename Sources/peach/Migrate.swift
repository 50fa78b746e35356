import ArgumentParser
import Logging
import PeachPostgres

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring a PostgreSQL database's schema up to date (serve does it too; run this ahead of a deployment)."
    )

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if database.url == nil { throw ValidationError("Missing expected argument '--database <url>'") }
    }

    func run() async throws {
        guard let location = try database.location else { return }
        let opened = PostgresPeachDatabase(location, logger: Logger(label: "peach"))
        let applied: [String]
        do {
            applied = try await opened.migrate()
        } catch {
            throw PeachFailure(error.description)
        }
        let versions = try await opened.appliedVersions()
        await opened.close()
        Output.line(
            applied.isEmpty
                ? "\(location): schema is up to date (version \(versions.last ?? 0))"
                : "\(location): applied \(applied.joined(separator: ", ")); schema is now version \(versions.last ?? 0)"
        )
    }
}
