import Foundation

/// Announces Peach on the local network by mDNS through Avahi, where it runs: `avahi-publish-service`
/// (avahi-utils) as a child process, which makes Avahi answer for `<host name>.local` and lists
/// Peach as an HTTPS service. The child is started by a small shell that ends it as soon as its
/// standard input closes, which happens however this process ends (even `kill -9`), so no
/// announcement outlives the server.
final class Avahi: @unchecked Sendable {
    enum Outcome: Equatable {
        case announced(String)
        /// One line for the user: why the name is not announced.
        case notAnnounced(String)
    }

    /// Kept open for the server's lifetime: closing it ends the announcement.
    private let lifeline: Pipe
    private let process: Process

    private init(lifeline: Pipe, process: Process) {
        self.lifeline = lifeline
        self.process = process
    }

    /// The tool on `PATH`; nil when avahi-utils is not installed.
    static func publishTool(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/avahi-publish-service" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts the announcement and waits up to `wait` for Avahi to confirm it.
    /// - Returns: the running announcement (keep it) and what to tell the user.
    static func announce(name: String, service: String, port: Int, wait: Duration = .seconds(3)) -> (Avahi?, Outcome) {
        let hint = "sudo apt install avahi-daemon avahi-utils"
        guard let tool = publishTool() else {
            return (
                nil,
                .notAnnounced(
                    "Avahi is not installed, so \(name) is not announced and a phone needs the address, which can change (\(hint))."
                )
            )
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // SIGKILL: the server ignores SIGTERM (its shutdown handles it), and a child inherits that. The
        // daemon drops the announcement when its client's connection goes.
        process.arguments = [
            "-c",
            "\"$0\" \"$1\" _https._tcp \"$2\" path=/ 2>&1 & child=$!; cat >/dev/null; kill -KILL $child 2>/dev/null",
            tool, service, String(port),
        ]
        let lifeline = Pipe()
        let output = Pipe()
        process.standardInput = lifeline
        process.standardOutput = output
        process.standardError = output
        let said = Said()
        output.fileHandleForReading.readabilityHandler = { handle in said.append(handle.availableData) }
        do {
            try process.run()
        } catch {
            return (nil, .notAnnounced("\(tool) could not be started (\(error)), so \(name) is not announced."))
        }
        let deadline = ContinuousClock.now + wait
        while ContinuousClock.now < deadline {
            let text = said.text
            if text.contains("Established under name") {
                output.fileHandleForReading.readabilityHandler = nil
                return (Avahi(lifeline: lifeline, process: process), .announced(name))
            }
            if let failure = text.split(separator: "\n").first(where: {
                $0.contains("Failed") || $0.contains("not running")
            }) {
                try? lifeline.fileHandleForWriting.close()
                output.fileHandleForReading.readabilityHandler = nil
                let reason =
                    failure.contains("Daemon not running") ? "avahi-daemon does not run" : "Avahi said: \(failure)"
                return (
                    nil,
                    .notAnnounced(
                        "\(reason), so \(name) is not announced and a phone needs the address, which can change (\(hint))."
                    )
                )
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        try? lifeline.fileHandleForWriting.close()
        output.fileHandleForReading.readabilityHandler = nil
        return (nil, .notAnnounced("Avahi did not confirm \(name) within \(wait), so it is not announced."))
    }

    /// Ends the announcement now (the server stops).
    func stop() {
        try? lifeline.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// What the child printed so far, appended from the pipe's reading thread.
private final class Said: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
