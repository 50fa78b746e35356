import ArgumentParser
import Foundation
import Synchronization

/// The load generator of Benchmarks/bench.py's `concurrent` section: `clients` threads, each with
/// one keep-alive connection, drawing a comparison and answering it as fast as the server allows,
/// for `seconds`. Blocking sockets and no HTTP library, so that on a machine with two cores the
/// generator takes little of the CPU the server is measured on. Prints one JSON object: each
/// acknowledged answer's round trip and the server time it reported (Server-Timing), and the errors.
struct BenchAnswers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-answers", abstract: "Answer comparisons from concurrent clients (used by the benchmarks).",
        shouldDisplay: false)

    @Option(help: "The server's loopback port.")
    var port: Int

    @Option(help: "Concurrent clients, one connection each.")
    var clients = 20

    @Option(help: "How long to answer.")
    var seconds = 20.0

    struct Report: Encodable {
        var roundTripsMs: [Double] = []
        var serverMs: [Double] = []
        var errors: [String] = []
    }

    func run() throws {
        let deadline = Date().addingTimeInterval(seconds)
        let reports = Mutex<[Report]>([])
        let group = DispatchGroup()
        for number in 0..<clients {
            group.enter()
            let thread = Thread {
                let report = Self.answer(port: port, until: deadline, answer: number % 2 == 0 ? "higher" : "lower")
                reports.withLock { $0.append(report) }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        var all = Report()
        for report in reports.withLock({ $0 }) {
            all.roundTripsMs += report.roundTripsMs
            all.serverMs += report.serverMs
            all.errors += report.errors
        }
        FileHandle.standardOutput.write(try JSONEncoder().encode(all))
    }

    private static func answer(port: Int, until deadline: Date, answer: String) -> Report {
        var report = Report()
        var connection: Connection?
        while Date() < deadline {
            do {
                if connection == nil { connection = try Connection(port: port) }
                let trial = try connection!.exchange("POST", "/api/comparisons", body: "")
                guard trial.status == 200 || trial.status == 201, let id = trial.stringField("id") else {
                    report.errors.append("trial \(trial.status)")
                    continue
                }
                let began = DispatchTime.now().uptimeNanoseconds
                let response = try connection!.exchange(
                    "POST", "/api/comparisons/\(id)/answer", body: "{\"answer\":\"\(answer)\"}")
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
                guard response.status == 200, let server = response.serverTime else {
                    report.errors.append("answer \(response.status)")
                    continue
                }
                report.roundTripsMs.append(elapsed)
                report.serverMs.append(server)
            } catch {
                report.errors.append("\(error)")
                connection = nil
            }
        }
        return report
    }
}

/// One HTTP/1.1 keep-alive connection to 127.0.0.1, blocking.
private final class Connection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Response {
        let status: Int
        let head: String
        let body: String

        /// Server-Timing: app;dur=0.123
        var serverTime: Double? {
            guard let range = head.range(of: "dur=") else { return nil }
            return Double(head[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }

        /// A top-level string field of the JSON body.
        func stringField(_ name: String) -> String? {
            let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            return object?[name] as? String
        }
    }

    private let socket: Int32
    private let port: Int
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        self.port = port
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(socket) }

    func exchange(_ method: String, _ path: String, body: String) throws -> Response {
        let request =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += written
        }
        let headEnd = try readUntilHeadEnd()
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        let length =
            head.split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        while buffer.count < length { try receive() }
        let body = String(decoding: buffer[..<length], as: UTF8.self)
        buffer.removeFirst(length)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Response(status: status, head: head, body: body)
    }

    private func readUntilHeadEnd() throws -> Int {
        var searched = 0
        while true {
            if buffer.count >= 4 {
                for index in max(0, searched - 3)...(buffer.count - 4)
                where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13
                    && buffer[index + 3] == 10
                {
                    return index
                }
                searched = buffer.count
            }
            try receive()
        }
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            throw Failure(
                description: count == 0 ? "closed by the server" : "recv: \(String(cString: strerror(errno)))")
        }
        buffer += chunk[..<count]
    }
}
