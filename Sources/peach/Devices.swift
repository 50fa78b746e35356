import ArgumentParser
import PeachALSA

/// `peach devices`: the names `--device` takes.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the ALSA playback devices, the names --device takes.")

    func run() throws {
        let devices = ALSADevice.playbackDevices()
        guard !devices.isEmpty else { throw PeachFailure("ALSA knows no playback device on this machine") }
        for device in devices {
            Output.line(device.description.isEmpty ? device.name : "\(device.name)\t\(device.description)")
        }
    }
}
