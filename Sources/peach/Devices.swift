import ArgumentParser
import PeachALSA

/// `peach devices`: the names `--device`, `--capture-device` and `--midi` take.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "List the ALSA playback devices, the names --device takes (with --capture: the names --capture-device takes)."
    )

    @Flag(help: "List the capture devices (microphones) instead, the names `peach sing --capture-device` takes.")
    var capture = false

    @Flag(help: "List the MIDI sequencer ports a keyboard can be read from instead, the names `--midi` takes.")
    var midi = false

    func run() throws {
        if midi { return try listMIDIPorts() }
        let devices = capture ? ALSADevice.captureDevices() : ALSADevice.playbackDevices()
        guard !devices.isEmpty else {
            throw PeachFailure("ALSA knows no \(capture ? "capture" : "playback") device on this machine")
        }
        for device in devices {
            Output.line(device.description.isEmpty ? device.name : "\(device.name)\t\(device.description)")
        }
    }

    private func listMIDIPorts() throws {
        let ports: [MIDIPort]
        do {
            ports = try MIDISequencerInput.readablePorts()
        } catch {
            throw PeachFailure(error.description)
        }
        guard !ports.isEmpty else {
            throw PeachFailure("the MIDI sequencer has no readable port (is the keyboard connected?)")
        }
        for port in ports { Output.line(port.description) }
    }
}
