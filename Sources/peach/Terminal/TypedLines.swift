import Foundation
import PeachALSA
import PeachCore

/// What a command answered by typed lines reads (`dictation`, `progressions`): each line as Enter
/// ends it, the end of the input, and with `--midi` each message of the keyboard, in the order they
/// came. Lines stay the terminal's own (its echo and editing), unlike `TerminalSession`'s single keys.
struct TypedLines {
    enum Input: Sendable {
        case line(String)
        /// q typed, or the input ended (Ctrl-D, a closed pipe).
        case quit
        case midi(MIDIMessage)
    }

    let inputs: AsyncStream<Input>
    let keyboard: MIDISequencerInput?

    init(midi: MIDIOptions) throws {
        let (inputs, continuation) = AsyncStream<Input>.makeStream()
        self.inputs = inputs
        Thread.detachNewThread {
            while let line = readLine() {
                continuation.yield(line.trimmingCharacters(in: .whitespaces).lowercased() == "q" ? .quit : .line(line))
            }
            continuation.yield(.quit)
        }
        keyboard = try midi.start { message, _ in continuation.yield(.midi(message)) }
    }
}
