import Testing

@testable import PeachCore

/// A terminal command speaks the language chosen in Settings; on automatic, as the page follows the
/// browser's, the locale's, read as POSIX reads it.
struct TerminalLanguageTests {
    @Test func aChosenLanguageIsSpokenWhateverTheLocale() {
        #expect(InterfaceLanguage.german.terminal(environment: ["LANG": "en_GB.UTF-8"]) == .german)
        #expect(InterfaceLanguage.english.terminal(environment: ["LANG": "de_DE.UTF-8"]) == .english)
    }

    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], NoteNameLanguage.german),
        (["LANG": "de"], .german),
        (["LANG": "de_AT@euro"], .german),
        (["LANG": "en_US.UTF-8"], .english),
        (["LANG": "C.UTF-8"], .english),
        ([:], .english),
        // LC_ALL overrides every other; LC_MESSAGES, the messages' own, overrides LANG; empty is unset.
        (["LC_ALL": "C.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"], .english),
        (["LC_ALL": "de_CH.UTF-8", "LANG": "en_US.UTF-8"], .german),
        (["LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], .german),
        (["LC_ALL": "", "LANG": "de_DE.UTF-8"], .german),
        // Only German's own code: "deu" is no locale name, "dz" (Dzongkha) not German.
        (["LANG": "deu"], .english),
        (["LANG": "dz_BT"], .english),
    ])
    func onAutomaticTheLocaleSays(environment: [String: String], language: NoteNameLanguage) {
        #expect(InterfaceLanguage.automatic.terminal(environment: environment) == language)
    }
}
