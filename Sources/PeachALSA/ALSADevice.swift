import CALSA
import CALSASilence
import Foundation

/// A PCM that ALSA knows: what `--device` (playback) and `--capture-device` take.
public struct ALSADevice: Hashable, Sendable {
    /// The PCM name, e.g. `default` or `hw:CARD=PCH,DEV=0`.
    public let name: String
    /// ALSA's description, on one line; empty when it has none.
    public let description: String

    /// The playback PCMs of the ALSA configuration and of every sound card, in ALSA's order.
    public static func playbackDevices() -> [ALSADevice] { devices(direction: "Output") }

    /// The capture PCMs (microphones, line inputs), in ALSA's order.
    public static func captureDevices() -> [ALSADevice] { devices(direction: "Input") }

    private static func devices(direction wanted: String) -> [ALSADevice] {
        peach_alsa_silence_library_errors()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [ALSADevice] = []
        var index = 0
        while let hint = hints[index] {
            index += 1
            // No IOID means the PCM plays and records.
            let direction = Self.take(snd_device_name_get_hint(hint, "IOID"))
            guard let name = Self.take(snd_device_name_get_hint(hint, "NAME")), direction == nil || direction == wanted
            else {
                continue
            }
            let description =
                Self.take(snd_device_name_get_hint(hint, "DESC"))?
                .split(whereSeparator: \.isNewline).joined(separator: ", ") ?? ""
            devices.append(ALSADevice(name: name, description: description))
        }
        return devices
    }

    /// The string ALSA allocated for a hint, freed.
    private static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}
