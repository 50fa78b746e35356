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

/// The timbres the server can play. Sine only for now; the list is served so the UI offers what exists.
public enum SoundSource: String, Hashable, Sendable, CaseIterable, Codable {
    case sine
}
