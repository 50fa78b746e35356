import ArgumentParser
import PeachCore

@main
struct Peach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Pitch ear training: comparison training and pitch matching.",
        version: PeachVersion.current,
        subcommands: [Serve.self, Export.self, Import.self],
        defaultSubcommand: Serve.self)
}
