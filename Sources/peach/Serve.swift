import ArgumentParser
import Foundation
import Logging
import PeachFluidSynth
import PeachServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the web app (the default command).")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: "The access token for clients on other machines (default: a new random one whenever --host is not a loopback address).")
    var token: String?

    @OptionGroup var data: DataOption

    @Option(help: "A SoundFont (SF2/SF3) whose presets the settings offer besides the named instruments.")
    var soundfont: String?

    @Flag(help: "Do not open the web app in a browser.")
    var noBrowser = false

    func run() async throws {
        var logger = Logger(label: "peach")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .notice
        // Lists sounds only: no samples are read before the server answers. Each key is rendered
        // alone, so an instrument readies one note (each costs a parse of the SoundFont).
        let library = try SoundLibrary(userSoundFont: soundfont, readyNotes: 1)
        let sounds = library.sounds.map { SoundChoice(id: $0.id, name: $0.name, sustains: $0.sustains) }
        let sampler = LibraryNoteSampler(library: library)
        let services = try await PeachServices.open(
            databasePath: data.resolvedPath, logger: logger, sounds: sounds, sampler: sampler)
        let chosen = await services.settings.current.training.soundSource.rawValue
        let access = AccessPolicy.listening(on: host, token: token, machineNames: [ProcessInfo.processInfo.hostName])
        let urlHost = Self.urlHost(listeningOn: host)
        let openBrowser = !noBrowser
        let app = try PeachApp.application(services: services, host: host, port: port, access: access, logger: logger) { port in
            let url = "http://\(urlHost):\(port)/" + (access.token.map { "?token=\($0)" } ?? "")
            // The first line of output is the URL, so scripts and tests can read it.
            Output.line(url)
            if openBrowser { Browser.open(url) }
            // Once listening: a newly chosen instrument then finds its preset decoded.
            sampler.warmUp(first: chosen)
        }
        try await app.runService()
    }

    func validate() throws {
        if let token, token.count < 16 || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) {
            throw ValidationError("--token must be at least 16 letters, digits or -_.~")
        }
    }

    /// The address to print: on a wildcard address, the one a phone on the same network would use.
    private static func urlHost(listeningOn host: String) -> String {
        let shown = ["0.0.0.0", "::", "*"].contains(host) ? LocalAddress.network() ?? "127.0.0.1" : host
        return shown.contains(":") ? "[\(shown)]" : shown
    }
}
