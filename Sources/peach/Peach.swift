import ArgumentParser
import PeachCore
import PeachServices

@main
struct Peach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract:
            "Ear training: pitch and intervals (compare and match), singing, and rhythm (compare timing, fill the gap).",
        version: PeachVersion.current,
        subcommands: [
            Serve.self, Phone.self, Train.self, Measure.self, Match.self, Sing.self, Rhythm.self, Intonation.self,
            Degrees.self, Chords.self, Dictation.self, Progressions.self, Render.self, Play.self, Simulate.self,
            ProfileExport.self,
            Export.self, Import.self, Recover.self, Migrate.self, Users.self, Classes.self, AssignmentCommands.self,
            Devices.self,
            BenchAudio.self, BenchPitch.self, BenchRhythm.self,
            BenchAnswers.self,
        ],
        defaultSubcommand: Serve.self)

    /// A mistyped command is named as one, with the nearest command, before serve (the default)
    /// could take it for an argument of its own.
    static func main() async {
        let subcommands = configuration.subcommands
        let known = Set(subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"])
        let listed = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        if let unknown = UnknownCommand(
            arguments: Array(CommandLine.arguments.dropFirst()), known: known, suggested: listed)
        {
            exit(withError: ValidationError(unknown.description))
        }
        await main(nil)
    }
}
