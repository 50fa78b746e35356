import Foundation
import Hummingbird
import NIOCore
import PeachServices

/// A request body taken in as fast as it arrives, into an unlinked temporary file, and read back
/// at the pace of whoever reads it. An import writes a batch, then reads on: left in the
/// connection, the body would stop arriving while a batch is written, and the connection's idle
/// timeout (no part read for 10 s while a body is being received) closed imports whose batches
/// took that long on a busy machine. On disk it costs no memory however large the file.
final class BodySpool: @unchecked Sendable {
    private struct Progress {
        var written = 0
        var ended = false
        var failure: (any Error)?
        /// The rest of the body is read and dropped: nobody will read it back.
        var discarding = false
    }

    private let writer: FileHandle
    private let reader: FileHandle
    private let lock = NSLock()
    private var progress = Progress()
    private let arrived = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    private var read = 0

    init() throws {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("peach-import-XXXXXX").path.utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw HTTPError(.serviceUnavailable, message: "the import failed: no temporary file")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        writer = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        // Unlinked at once: the file goes with the last handle, also when the process is killed.
        unlink(path)
    }

    /// Takes in the whole body, or as much as comes before the connection closes; run beside the reader.
    func fill(from body: RequestBody) async {
        do {
            var dropped = 0
            for try await buffer in body {
                if lock.withLock({ progress.discarding }) {
                    // Bounded like an import: a body without a length could go on for ever.
                    dropped += buffer.readableBytes
                    if dropped > TrainingDataParser.maximumBytes { break }
                    continue
                }
                try writer.write(contentsOf: buffer.readableBytesView)
                lock.withLock { progress.written += buffer.readableBytes }
                arrived.continuation.yield()
            }
            lock.withLock { progress.ended = true }
        } catch {
            lock.withLock { progress.failure = error }
        }
        arrived.continuation.yield()
    }

    /// From now on `fill` reads the body to its end without keeping it: a refusal sent before the
    /// body was read makes the client's send fail (a broken pipe), and it never sees the refusal.
    func discardRest() {
        lock.withLock { progress.discarding = true }
    }

    /// The next piece of the body (at most a megabyte); nil at its end. Read by one task.
    func next() async throws -> [UInt8]? {
        var signals = arrived.stream.makeAsyncIterator()
        while true {
            let now = lock.withLock { progress }
            if let failure = now.failure { throw failure }
            if now.written > read {
                let piece = try reader.read(upToCount: min(now.written - read, 1 << 20)) ?? Data()
                read += piece.count
                return Array(piece)
            }
            if now.ended { return nil }
            guard await signals.next() != nil else { return nil }
        }
    }
}
