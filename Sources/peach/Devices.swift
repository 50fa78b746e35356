import ArgumentParser
import PeachALSA

/// `peach devices`: the names `--device` and `--capture-device` take.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the ALSA playback devices, the names --device takes (with --capture: the names --capture-device takes).")

    @Flag(help: "List the capture devices (microphones) instead, the names `peach sing --capture-device` takes.")
    var capture = false

    func run() throws {
        let devices = capture ? ALSADevice.captureDevices() : ALSADevice.playbackDevices()
        guard !devices.isEmpty else {
            throw PeachFailure("ALSA knows no \(capture ? "capture" : "playback") device on this machine")
        }
        for device in devices {
            Output.line(device.description.isEmpty ? device.name : "\(device.name)\t\(device.description)")
        }
    }
}
