import Foundation

/// Per-key corrections for one SoundFont, measured from renders by scripts/calibrate_sounds.py:
/// how far each key's sample really sounds from its nominal pitch, and the gain that brings its RMS
/// after the attack to the common level. A SoundFont without a table plays uncalibrated (offsets 0).
public struct Calibration: Hashable, Sendable, Codable {
    public struct Table: Hashable, Sendable, Codable {
        /// The MIDI key of the first entry; one entry per key from there.
        public var firstKey: Int
        public var cents: [Double]
        public var gainDB: [Double]
    }

    /// Keyed by "bank:program".
    public var presets: [String: Table]

    public static let none = Calibration(presets: [:])

    /// The table shipped for the SoundFont file named `fileName`, if there is one.
    public static func bundled(for fileName: String) -> Calibration {
        guard let url = Bundle.module.url(forResource: fileName, withExtension: "json", subdirectory: "Calibration"),
            let data = try? Data(contentsOf: url),
            let calibration = try? JSONDecoder().decode(Calibration.self, from: data)
        else { return .none }
        return calibration
    }

    /// The table as text that is the same in every process (sorted JSON), for a digest.
    var canonicalText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The measured offset (cents) and level correction (dB) of `key` in `preset`; the nearest
    /// measured key stands in outside the measured range.
    func correction(for preset: Sound.Preset, key: Int) -> (cents: Double, gainDB: Double) {
        guard let table = presets["\(preset.bank):\(preset.program)"], !table.cents.isEmpty else { return (0, 0) }
        let index = min(max(key - table.firstKey, 0), table.cents.count - 1)
        return (table.cents[index], table.gainDB[index])
    }
}
