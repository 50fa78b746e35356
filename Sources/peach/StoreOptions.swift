import ArgumentParser
import Foundation
import PeachCore
import PeachPostgres
import PeachServices
import PeachStore

/// Where a command keeps its records and settings: the SQLite file (`--data`, the default) or a
/// PostgreSQL database (`--database`), there one user's (`--user`; the personal user without it).
/// Terminal training and `peach serve` take the same options, so a class server's students can
/// also train in a terminal against it, as themselves.
struct StoreOptions: ParsableArguments {
    @OptionGroup var data: DataOption
    @OptionGroup var database: DatabaseOption

    @Option(
        help: ArgumentHelp(
            "On a class server: whose records, by account name (in --database, else in the SQLite class files beside --data). Without it, the records of the Peach without accounts.",
            valueName: "name"))
    var user: String?

    func validate() throws {
        if database.url != nil, data.path != nil {
            throw ValidationError("--data (a SQLite file) and --database (PostgreSQL) exclude each other")
        }
    }

    /// Opened (and, on PostgreSQL, migrated), or one line saying why not. A command that only
    /// reads says so (`writing: false`): a user's records in SQLite class files are written only
    /// through the class server while one runs.
    func open(writing: Bool = true) async throws -> TrainingStores {
        guard let location = try database.location else {
            let opened = try await sqliteDatabase(writing: writing)
            let path = opened.path
            return TrainingStores(
                records: SQLiteTrainingDataStore(database: opened), settings: SQLiteSettingsStore(database: opened),
                transfer: TrainingDataTransfer(database: opened),
                profileSnapshot: ProfileSnapshot.File(besideDatabase: path), close: {})
        }
        let opened = try await database.open(location, logger: PostgresPeachDatabase.quietLogger)
        let records = PostgresTrainingDataStore(
            database: opened, user: try await owner(in: PostgresAccountStore(database: opened, now: Date.init)))
        return TrainingStores(
            records: records, settings: PostgresSettingsStore(records: records),
            transfer: PostgresTrainingDataTransfer(store: records),
            profileSnapshot: nil, close: { await opened.close() })
    }

    /// The personal database, or with `--user` that user's own in the SQLite class files, opened
    /// through the class's accounts, so that a write forgets the figures a class view kept.
    private func sqliteDatabase(writing: Bool) async throws -> PeachDatabase {
        guard let user else { return try PeachDatabase(path: data.resolvedPath) }
        let files = ClassFiles(besidePersonalDatabase: data.resolvedPath)
        guard FileManager.default.fileExists(atPath: files.accountsPath) else {
            throw PeachFailure("there is no user named \(user) (peach users list shows them)")
        }
        if writing, ClassServerLock.isHeld(files) {
            throw PeachFailure(
                "the class server is running on \(files.directory.path): \(user)'s records are written through it (the web app), or after it stops"
            )
        }
        do {
            let accounts = try SQLiteAccountStore(files: files, now: Date.init)
            return try await accounts.database(of: try await owner(in: accounts), revision: nil)
        } catch let error as DataStoreError {
            throw PeachFailure(error.description)
        }
    }

    /// The account `--user` names, or the personal user.
    private func owner(in accounts: any AccountStore) async throws -> UserID {
        guard let user else { return .personal }
        guard let name = AccountName(user) else { throw PeachFailure("'\(user)' is not an account name") }
        do {
            guard let found = try await accounts.account(named: name) else {
                throw PeachFailure("there is no user named \(user) (peach users list shows them)")
            }
            return found.account.id
        } catch let error as DataStoreError {
            throw PeachFailure(error.description)
        }
    }
}

/// The stores a command works on, whichever database holds them.
struct TrainingStores: Sendable {
    let records: any TrainingDataStore & TrainingHistory
    let settings: any SettingsStore
    /// CSV export and import of these records.
    let transfer: any TrainingDataTransferring
    /// The server's profile snapshot for this database (SQLite only), so that `peach profile`
    /// starts as fast as `peach serve`.
    let profileSnapshot: ProfileSnapshot.File?
    /// Lets go of the connection pool (PostgreSQL); nothing to do for the SQLite file.
    let close: @Sendable () async -> Void
}
