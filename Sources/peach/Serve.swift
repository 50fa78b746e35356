import ArgumentParser
import Foundation
import Logging
import PeachServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the web app (the default command).")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @OptionGroup var data: DataOption

    @Flag(help: "Do not open the web app in a browser.")
    var noBrowser = false

    func run() async throws {
        var logger = Logger(label: "peach")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .notice
        let services = try await PeachServices.open(databasePath: data.resolvedPath, logger: logger)
        let host = self.host
        let openBrowser = !noBrowser
        let app = try PeachApp.application(services: services, host: host, port: port, logger: logger) { port in
            let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
            // The first line of output is the URL, so scripts and tests can read it.
            Output.line(url)
            if openBrowser { Browser.open(url) }
        }
        try await app.runService()
    }
}
