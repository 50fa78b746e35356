import PeachCore

/// What the terminal modes react to: keys, Ctrl-C, and the end of the sound.
enum TerminalInput: Equatable, Sendable {
    case up, down, pageUp, pageDown, enter, quit
    /// ← or e, → or l: early and late in Compare Timing.
    case left, right
    /// 1–9: a scale degree by its number.
    case digit(Int)
    /// The audio output failed; training stops quietly.
    case audioFailed
    /// A key or the pitch-bend wheel of a MIDI keyboard (`--midi`).
    case midi(MIDIMessage)
}

/// Turns the bytes a terminal sends into keys. Arrow and page keys arrive as escape sequences
/// (ESC [ A, or ESC O A in application-cursor mode; ESC [ 5 ~ for Page Up) and may be split across reads.
struct TerminalKeyDecoder {
    private var pending: [UInt8] = []

    mutating func feed(_ byte: UInt8) -> TerminalInput? {
        guard !pending.isEmpty else {
            switch byte {
            case 0x1B:
                pending = [byte]
                return nil
            case UInt8(ascii: "k"), UInt8(ascii: "K"): return .up
            case UInt8(ascii: "j"), UInt8(ascii: "J"): return .down
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return .left
            case UInt8(ascii: "l"), UInt8(ascii: "L"): return .right
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: return .quit
            case 0x0D, 0x0A: return .enter
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return .digit(Int(byte - UInt8(ascii: "0")))
            default: return nil
            }
        }
        pending.append(byte)
        switch pending.count {
        case 2:
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") { return nil }
        case 3:
            switch byte {
            case UInt8(ascii: "A"):
                pending = []
                return .up
            case UInt8(ascii: "B"):
                pending = []
                return .down
            case UInt8(ascii: "C"):
                pending = []
                return .right
            case UInt8(ascii: "D"):
                pending = []
                return .left
            case UInt8(ascii: "5"), UInt8(ascii: "6"): return nil
            default: break
            }
        case 4 where byte == UInt8(ascii: "~"):
            let key: TerminalInput = pending[2] == UInt8(ascii: "5") ? .pageUp : .pageDown
            pending = []
            return key
        default:
            break
        }
        // Any other sequence (function keys) means nothing here; TerminalSession tells a lone Escape.
        pending = []
        return nil
    }
}
