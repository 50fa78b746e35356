import ArgumentParser
import PeachALSA
import PeachCore

/// `--midi PORT`: answer on a MIDI keyboard, read through the ALSA sequencer.
struct MIDIOptions: ParsableArguments {
    @Option(
        name: .customLong("midi"),
        help:
            "Answer on a MIDI keyboard: a sequencer port as `peach devices --midi` lists it (client:port or a name), or `all` for every readable port, new ones included."
    )
    var port: String?

    /// Before anything else is opened: a machine without a sequencer is one line and exit status 1.
    func checkAvailable() throws {
        guard port != nil else { return }
        do {
            try MIDISequencerInput.checkAvailable()
        } catch {
            throw PeachFailure(error.description)
        }
    }

    /// Starts reading into the terminal's inputs; nil without `--midi`.
    func start(into terminal: TerminalSession) throws -> MIDISequencerInput? {
        do {
            return try start { message, _ in terminal.send(.midi(message)) }
        } catch {
            terminal.restore()
            throw error
        }
    }

    /// Starts handing each message to `onMessage` with its timestamp on CLOCK_MONOTONIC; nil without `--midi`.
    func start(_ onMessage: @escaping @Sendable (MIDIMessage, Double) -> Void) throws -> MIDISequencerInput? {
        guard let port else { return nil }
        do {
            let input = try MIDISequencerInput(source: port == "all" ? nil : port)
            input.start(onMessage)
            return input
        } catch {
            throw PeachFailure(error.description)
        }
    }
}
