import ArgumentParser
import PeachStore

/// The `--data` option every subcommand that touches the database shares.
struct DataOption: ParsableArguments {
    @Option(name: .customLong("data"), help: "The SQLite database file (default: $XDG_DATA_HOME/peach/peach.sqlite).")
    var path: String?

    var resolvedPath: String { path ?? PeachDatabase.defaultPath() }
}
