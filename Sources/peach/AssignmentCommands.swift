import ArgumentParser

/// `peach assignments`: a student's list (`peach assignments NAME`, the default) and, for teachers,
/// `peach assignments add`.
struct AssignmentCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assignments",
        abstract: "A class server's assignments (PostgreSQL with --database, else SQLite).",
        subcommands: [Assignments.self, AddAssignment.self], defaultSubcommand: Assignments.self)
}
