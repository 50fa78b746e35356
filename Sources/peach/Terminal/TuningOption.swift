import ArgumentParser
import PeachCore

/// The words every command's `--tuning` takes for a tuning system: equal or just.
enum TuningOption {
    static let systems: [String: TuningSystem] = ["equal": .equalTemperament, "just": .justIntonation]

    /// The setting `word` stands for; a word that names none as typed, for the settings to refuse.
    static func setting(_ word: String) -> String { systems[word]?.rawValue ?? word }

    static func validate(_ word: String?) throws {
        if let word, systems[word] == nil {
            throw ValidationError("--tuning must be equal or just, got '\(word)'")
        }
    }
}
