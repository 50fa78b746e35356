/// Everything a user can set: the training settings plus the interface language.
public struct PeachSettings: Hashable, Sendable {
    public var training: TrainingSettings
    public var language: InterfaceLanguage

    public static let `default` = PeachSettings(training: .default, language: .automatic)

    public init(training: TrainingSettings, language: InterfaceLanguage) {
        self.training = training
        self.language = language
    }
}

/// The UI language: follow the browser, or an explicit override.
public enum InterfaceLanguage: String, Hashable, Sendable, CaseIterable, Codable {
    case automatic = "auto"
    case english = "en"
    case german = "de"
}

/// The sound notes are played with: the sine, one of the General MIDI instruments Peach names, or a
/// preset of a user's SoundFont (`preset-BANK-PROGRAM`). Which of them a server really has is the
/// server's to say (it lists them in the settings' choices); this type only knows what can exist.
public struct SoundSource: RawRepresentable, Hashable, Sendable, Codable {
    public let rawValue: String

    public static let sine = SoundSource(checked: "sine")
    public static let piano = SoundSource(checked: "piano")
    /// The sounds Peach offers by name, in the order the settings list them.
    public static let named: [SoundSource] = ["sine", "piano", "strings", "flute", "choir", "organ"].map(
        SoundSource.init(checked:))

    public init?(rawValue: String) {
        if Self.named.contains(where: { $0.rawValue == rawValue }) {
            self.rawValue = rawValue
            return
        }
        let parts = rawValue.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "preset", let bank = Int(parts[1]), let program = Int(parts[2]),
            (0...128).contains(bank), (0...127).contains(program), rawValue == "preset-\(bank)-\(program)"
        else { return nil }
        self.rawValue = rawValue
    }

    private init(checked rawValue: String) { self.rawValue = rawValue }

    /// What the settings say for no sound chosen (`TrainingSettings.soundSource` nil): each kind's own.
    public static let unchosen = "default"
}
