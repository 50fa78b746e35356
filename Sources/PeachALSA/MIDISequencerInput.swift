import CALSA
import CALSASilence
import Foundation
import PeachCore

/// Why a MIDI keyboard cannot be read: one line for the user.
public enum MIDIInputError: Error, Equatable, CustomStringConvertible {
    case noSequencer(path: String)
    case noSuchPort(String)
    case failed(String)

    public var description: String {
        switch self {
        case .noSequencer(let path): "no MIDI sequencer on this machine (\(path) missing)"
        case .noSuchPort(let name): "no readable MIDI port '\(name)' (peach devices --midi lists them)"
        case .failed(let what): "the MIDI sequencer failed: \(what)"
        }
    }
}

/// A port of the ALSA sequencer that a keyboard's keys can be read from.
public struct MIDIPort: Hashable, Sendable, CustomStringConvertible {
    public let client: Int32
    public let port: Int32
    public let clientName: String
    public let name: String

    /// What `--midi` takes: `client:port`, or either name.
    public var address: String { "\(client):\(port)" }
    public var description: String { "\(address)\t\(clientName): \(name)" }
}

/// Reads MIDI keyboards through the ALSA sequencer. The sequencer hands over decoded events; each is
/// encoded back to its bytes and read by `MIDIParser`, the one reading of MIDI the browser's tests
/// check too. Events are stamped by a real-time queue as they arrive (not when this thread wakes),
/// on CLOCK_MONOTONIC. With no port named it reads every readable port, and ports that appear later
/// (System:Announce says so) are subscribed as they come.
public final class MIDISequencerInput: @unchecked Sendable {
    public static let devicePath = "/dev/snd/seq"

    // seq.h's macros, spelled as numbers: Swift does not import the ones built from other macros.
    private static let openInput: Int32 = 2
    private static let openNonBlocking: Int32 = 1
    private static let capRead: UInt32 = 1 << 0
    private static let capWrite: UInt32 = 1 << 1
    private static let capSubsRead: UInt32 = 1 << 5
    private static let capSubsWrite: UInt32 = 1 << 6
    private static let capNoExport: UInt32 = 1 << 7
    private static let typeMIDIGeneric: UInt32 = 1 << 1
    private static let typeApplication: UInt32 = 1 << 20
    private static let systemClient: Int32 = 0
    private static let announcePort: Int32 = 1

    private let seq: OpaquePointer
    private let inputPort: Int32
    private let queue: Int32
    private let readsAll: Bool
    private let lock = NSLock()
    private var closed = false
    /// CLOCK_MONOTONIC when the queue's real time was zero.
    private let queueStart: Double

    /// Fails with one line when the machine has no sequencer (no `devicePath`).
    public static func checkAvailable(devicePath: String = devicePath) throws(MIDIInputError) {
        guard FileManager.default.fileExists(atPath: devicePath) else { throw .noSequencer(path: devicePath) }
    }

    private static func open(name: String) throws(MIDIInputError) -> OpaquePointer {
        try checkAvailable()
        peach_alsa_silence_library_errors()
        var handle: OpaquePointer?
        let status = snd_seq_open(&handle, "default", openInput, openNonBlocking)
        guard status >= 0, let handle else { throw .failed(String(cString: snd_strerror(status))) }
        snd_seq_set_client_name(handle, name)
        return handle
    }

    /// Every port a keyboard's events can be read from (not the system's own, not this client's).
    public static func readablePorts() throws(MIDIInputError) -> [MIDIPort] {
        let seq = try open(name: "peach")
        defer { snd_seq_close(seq) }
        return ports(of: seq)
    }

    private static func ports(of seq: OpaquePointer) -> [MIDIPort] {
        var clientInfo: OpaquePointer?
        var portInfo: OpaquePointer?
        snd_seq_client_info_malloc(&clientInfo)
        snd_seq_port_info_malloc(&portInfo)
        defer {
            snd_seq_client_info_free(clientInfo)
            snd_seq_port_info_free(portInfo)
        }
        let me = snd_seq_client_id(seq)
        var ports: [MIDIPort] = []
        snd_seq_client_info_set_client(clientInfo, -1)
        while snd_seq_query_next_client(seq, clientInfo) >= 0 {
            let client = snd_seq_client_info_get_client(clientInfo)
            guard client != systemClient, client != me else { continue }
            let clientName = String(cString: snd_seq_client_info_get_name(clientInfo))
            snd_seq_port_info_set_client(portInfo, client)
            snd_seq_port_info_set_port(portInfo, -1)
            while snd_seq_query_next_port(seq, portInfo) >= 0 {
                let caps = snd_seq_port_info_get_capability(portInfo)
                guard caps & (capRead | capSubsRead) == capRead | capSubsRead, caps & capNoExport == 0 else { continue }
                ports.append(
                    MIDIPort(
                        client: client, port: snd_seq_port_info_get_port(portInfo), clientName: clientName,
                        name: String(cString: snd_seq_port_info_get_name(portInfo))))
            }
        }
        return ports
    }

    /// - Parameter source: `client:port` or a port's or client's name; nil reads every readable port.
    public init(source: String?) throws(MIDIInputError) {
        let seq = try Self.open(name: "peach")
        do throws(MIDIInputError) {
            let inputPort = snd_seq_create_simple_port(
                seq, "peach input", Self.capWrite | Self.capSubsWrite, Self.typeMIDIGeneric | Self.typeApplication)
            guard inputPort >= 0 else { throw .failed(String(cString: snd_strerror(inputPort))) }
            let queue = snd_seq_alloc_named_queue(seq, "peach timestamps")
            guard queue >= 0 else { throw .failed(String(cString: snd_strerror(queue))) }
            snd_seq_control_queue(seq, queue, Int32(SND_SEQ_EVENT_START.rawValue), 0, nil)
            snd_seq_drain_output(seq)
            queueStart = ALSAPCM.monotonicSeconds()
            let ports = Self.ports(of: seq)
            if let source {
                guard let port = ports.first(where: { [$0.address, $0.name, $0.clientName].contains(source) }) else {
                    throw .noSuchPort(source)
                }
                try Self.subscribe(seq, inputPort, queue, from: port.client, port.port)
            } else {
                for port in ports { try Self.subscribe(seq, inputPort, queue, from: port.client, port.port) }
                guard snd_seq_connect_from(seq, inputPort, Self.systemClient, Self.announcePort) >= 0 else {
                    throw .failed("cannot read System:Announce")
                }
            }
            self.inputPort = inputPort
            self.queue = queue
        } catch {
            snd_seq_close(seq)
            throw error
        }
        self.seq = seq
        readsAll = source == nil
    }

    /// Subscribes with the queue's real-time stamps on each event.
    private static func subscribe(
        _ seq: OpaquePointer, _ inputPort: Int32, _ queue: Int32, from client: Int32, _ port: Int32
    ) throws(MIDIInputError) {
        var subscription: OpaquePointer?
        snd_seq_port_subscribe_malloc(&subscription)
        defer { snd_seq_port_subscribe_free(subscription) }
        var sender = snd_seq_addr_t(client: UInt8(client), port: UInt8(port))
        var destination = snd_seq_addr_t(client: UInt8(snd_seq_client_id(seq)), port: UInt8(inputPort))
        snd_seq_port_subscribe_set_sender(subscription, &sender)
        snd_seq_port_subscribe_set_dest(subscription, &destination)
        snd_seq_port_subscribe_set_queue(subscription, queue)
        snd_seq_port_subscribe_set_time_update(subscription, 1)
        snd_seq_port_subscribe_set_time_real(subscription, 1)
        let status = snd_seq_subscribe_port(seq, subscription)
        guard status >= 0 else { throw .failed("\(client):\(port): \(String(cString: snd_strerror(status)))") }
    }

    /// Reads on a thread of its own until `close()`: each message with its time on CLOCK_MONOTONIC.
    public func start(_ onMessage: @escaping @Sendable (MIDIMessage, Double) -> Void) {
        let thread = Thread { [self] in read(onMessage) }
        thread.start()
    }

    private var isClosed: Bool { lock.withLock { closed } }

    private func read(_ onMessage: @Sendable (MIDIMessage, Double) -> Void) {
        var encoder: OpaquePointer?
        guard snd_midi_event_new(64, &encoder) >= 0, let encoder else { return }
        defer { snd_midi_event_free(encoder) }
        // A status byte on every message: the parser keeps its own running status across events.
        snd_midi_event_no_status(encoder, 1)
        var parser = MIDIParser()
        var bytes = [UInt8](repeating: 0, count: 64)
        let descriptorCount = snd_seq_poll_descriptors_count(seq, Int16(POLLIN))
        var descriptors = [pollfd](repeating: pollfd(), count: Int(descriptorCount))
        snd_seq_poll_descriptors(seq, &descriptors, UInt32(descriptorCount), Int16(POLLIN))
        while !isClosed {
            // Woken every 100 ms to notice close().
            guard poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            while !isClosed, snd_seq_event_input(seq, &event) >= 0, let event {
                if event.pointee.type == UInt8(SND_SEQ_EVENT_PORT_START.rawValue) {
                    if readsAll {
                        try? Self.subscribe(
                            seq, inputPort, queue, from: Int32(event.pointee.data.addr.client),
                            Int32(event.pointee.data.addr.port))
                    }
                    continue
                }
                let time =
                    queueStart + Double(event.pointee.time.time.tv_sec) + Double(event.pointee.time.time.tv_nsec) / 1e9
                let count = snd_midi_event_decode(encoder, &bytes, bytes.count, event)
                guard count > 0 else { continue }
                for message in parser.parse(bytes.prefix(count)) { onMessage(message, time) }
            }
        }
    }

    public func close() {
        lock.withLock { closed = true }
    }

    deinit { snd_seq_close(seq) }
}
