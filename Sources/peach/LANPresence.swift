import Foundation
import PeachServer

/// How a `peach serve` beyond loopback makes itself found while it runs: `<host>.local` announced
/// through Avahi, `serving.json` for `peach phone`, and in a terminal the QR code under the URL.
final class LANPresence: @unchecked Sendable {
    /// The running announcement: it ends when `end()` closes it, or with the process anyway.
    private var avahi: Avahi?
    private var file: URL?

    /// - Parameter served: where `GET /api/phone` reads the same addresses from.
    func begin(
        port: Int, token: String?, https: Bool, address: String, file: URL, terminal: Bool,
        served: ServedAddresses, authority: ServedAddresses.Authority?
    ) {
        var access = PhoneAccess(port: port, token: token, https: https, localName: nil, address: address)
        if let name = LocalName.mDNS(), let machine = LocalName.machine() {
            let (avahi, outcome) = Avahi.announce(name: name, service: "Peach on \(machine)", port: port)
            self.avahi = avahi
            switch outcome {
            case .announced(let name):
                access.localName = name
                Output.line(
                    "Announced as \(name) by mDNS (Avahi), a name that survives a new address: \(access.url(host: name))"
                )
            case .notAnnounced(let reason):
                Output.line(reason)
            }
        }
        served.serving(access, authority: authority)
        do {
            try ServingFile(pid: getpid(), access: access).write(to: file)
            self.file = file
        } catch {
            Output.line("peach phone will not find this server: \(file.path) cannot be written (\(error)).")
        }
        // Under its URL in a terminal; a script or a log reads lines, not pictures.
        if terminal, let lines = try? PhoneGuide.code(access.preferredURL, ansi: true) {
            lines.forEach(Output.line)
            Output.line(
                "  Scan the code with the phone's camera; peach phone (or the page's Info › Use Peach on your phone) shows how to trust Peach once."
            )
        }
    }

    /// The server stops: the announcement ends and `peach phone` no longer finds it.
    func end() {
        avahi?.stop()
        if let file { ServingFile.remove(file, ifWrittenBy: getpid()) }
    }
}
