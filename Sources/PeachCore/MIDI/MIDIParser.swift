/// Turns a MIDI byte stream into messages, as it arrives: a message may be split across reads.
/// Keeps the running status (a keyboard may send the status byte once and then only data),
/// skips System Exclusive to its end, and lets real-time bytes (clock, active sensing) pass
/// through the middle of a message without disturbing it, as the MIDI 1.0 specification requires.
public struct MIDIParser: Sendable {
    private var status: UInt8?
    private var data: [UInt8] = []
    private var inSysEx = false

    public init() {}

    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [MIDIMessage] {
        var messages: [MIDIMessage] = []
        for byte in bytes {
            if let message = consume(byte) { messages.append(message) }
        }
        return messages
    }

    private mutating func consume(_ byte: UInt8) -> MIDIMessage? {
        switch byte {
        case 0xF8...0xFF:
            return nil
        case 0xF0:
            inSysEx = true
            status = nil
            return nil
        case 0xF7:
            inSysEx = false
            return nil
        case 0xF1...0xF6:
            // System common messages cancel the running status; their data bytes are then dropped.
            inSysEx = false
            status = nil
            data = []
            return nil
        case 0x80...0xEF:
            inSysEx = false
            status = byte
            data = []
            return nil
        default:
            guard !inSysEx, let status else { return nil }
            data.append(byte)
            guard data.count == Self.dataLength(status) else { return nil }
            defer { data = [] }
            return Self.message(status, data)
        }
    }

    private static func dataLength(_ status: UInt8) -> Int {
        switch status & 0xF0 {
        case 0xC0, 0xD0: 1
        default: 2
        }
    }

    private static func message(_ status: UInt8, _ data: [UInt8]) -> MIDIMessage? {
        switch status & 0xF0 {
        case 0x90:
            guard let note = MIDINote(Int(data[0])) else { return nil }
            return data[1] == 0 ? .noteOff(note) : .noteOn(note, velocity: Int(data[1]))
        case 0x80:
            return MIDINote(Int(data[0])).map { .noteOff($0) }
        case 0xE0:
            return .pitchBend(PitchBend(lsb: data[0], msb: data[1]))
        default:
            return nil
        }
    }
}
