extension InterfaceLanguage {
    /// The language a terminal command speaks: the one chosen in Settings, or with `automatic` the
    /// locale's, as the page follows the browser's: the first of LC_ALL, LC_MESSAGES and LANG that is
    /// set (POSIX's order), German where it names German ("de_DE.UTF-8", "de"), English otherwise.
    public func terminal(environment: [String: String]) -> NoteNameLanguage {
        switch self {
        case .english: return .english
        case .german: return .german
        case .automatic:
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            let code = locale?.prefix { $0.isLetter }
            return code == "de" ? .german : .english
        }
    }
}
