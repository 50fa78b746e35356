import ArgumentParser
import PeachCore

@main
struct Peach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Pitch ear training: comparison training and pitch matching.",
        version: PeachVersion.current,
        subcommands: [
            Serve.self, Train.self, Match.self, Sing.self, Rhythm.self, Render.self, Play.self, Simulate.self, ProfileExport.self,
            Export.self, Import.self, Migrate.self, Users.self, Classes.self, Devices.self, BenchAudio.self, BenchPitch.self, BenchRhythm.self,
            BenchAnswers.self,
        ],
        defaultSubcommand: Serve.self)
}
