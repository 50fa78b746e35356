import ArgumentParser
import PeachCore
import PeachPostgres
import PeachServer
import PeachStore

/// Where a command keeps its records and settings: the SQLite file (`--data`, the default) or a
/// PostgreSQL database (`--database`). Terminal training and `peach serve` take the same two, so a
/// class server's students can also train in a terminal against it.
struct StoreOptions: ParsableArguments {
    @OptionGroup var data: DataOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if database.url != nil, data.path != nil {
            throw ValidationError("--data (a SQLite file) and --database (PostgreSQL) exclude each other")
        }
    }

    /// Opened (and, on PostgreSQL, migrated), or one line saying why not.
    func open() async throws -> TrainingStores {
        guard let location = try database.location else {
            let opened = try PeachDatabase(path: data.resolvedPath)
            return TrainingStores(
                records: SQLiteTrainingDataStore(database: opened), settings: SQLiteSettingsStore(database: opened),
                profileSnapshot: ProfileSnapshot.File(besideDatabase: data.resolvedPath), close: {})
        }
        let opened = try await database.open(location, logger: PostgresPeachDatabase.quietLogger)
        return TrainingStores(
            records: PostgresTrainingDataStore(database: opened), settings: PostgresSettingsStore(records: PostgresTrainingDataStore(database: opened)),
            profileSnapshot: nil, close: { await opened.close() })
    }
}

/// The stores a command works on, whichever database holds them.
struct TrainingStores: Sendable {
    let records: any TrainingDataStore & TrainingHistory
    let settings: any SettingsStore
    /// The server's profile snapshot for this database (SQLite only), so that `peach profile`
    /// starts as fast as `peach serve`.
    let profileSnapshot: ProfileSnapshot.File?
    /// Lets go of the connection pool (PostgreSQL); nothing to do for the SQLite file.
    let close: @Sendable () async -> Void
}
