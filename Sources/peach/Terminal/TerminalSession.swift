import Foundation

/// The terminal while a training mode runs: keys are read one at a time without echo, Ctrl-C
/// quits cleanly, and the terminal is restored afterwards.
/// Unchecked: the signal source is touched only by `init` and `restore`, on the command's task.
final class TerminalSession: @unchecked Sendable {
    let inputs: AsyncStream<TerminalInput>
    private let continuation: AsyncStream<TerminalInput>.Continuation
    private let saved: termios?
    private let interrupt: any DispatchSourceSignal

    init() {
        (inputs, continuation) = AsyncStream.makeStream(of: TerminalInput.self)
        if isatty(STDIN_FILENO) == 1 {
            var settings = termios()
            tcgetattr(STDIN_FILENO, &settings)
            saved = settings
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        } else {
            saved = nil
        }
        signal(SIGINT, SIG_IGN)
        interrupt = DispatchSource.makeSignalSource(signal: SIGINT)
        let continuation = continuation
        interrupt.setEventHandler { continuation.yield(.quit) }
        interrupt.resume()
        let reader = Thread {
            var decoder = TerminalKeyDecoder()
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                if let input = decoder.feed(byte) { continuation.yield(input) }
                // Escape starts every arrow key's sequence too; one that nothing follows within 50 ms
                // was pressed on its own, and quits as it leaves a screen in the browser.
                if byte == 0x1B, !Self.byteArrives(within: 50) {
                    decoder = TerminalKeyDecoder()
                    continuation.yield(.quit)
                }
            }
            continuation.yield(.quit)
        }
        reader.start()
    }

    private static func byteArrives(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    func send(_ input: TerminalInput) { continuation.yield(input) }

    func restore() {
        interrupt.cancel()
        if var saved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }
}
