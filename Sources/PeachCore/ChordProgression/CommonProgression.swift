/// A progression musicians know by name, heard and named as a whole in the common-progressions
/// discipline. In a major key; the blues takes V7, the one seventh chord the numerals have.
public enum CommonProgression: String, RecordEnumeration {
    case oneFourFiveOne = "I-IV-V-I"
    case twoFiveOne = "ii-V-I"
    case oneFiveSixFour = "I-V-vi-IV"
    case oneSixFourFive = "I-vi-IV-V"
    case twelveBarBlues = "12-bar-blues"

    /// The one whose chords these are; nil for any other progression.
    public init?(_ progression: Progression) {
        guard let named = Self.allCases.first(where: { $0.progression == progression }) else { return nil }
        self = named
    }

    /// Its chords in the order played.
    public var progression: Progression {
        switch self {
        case .oneFourFiveOne: Progression([.one, .four, .five, .one])
        case .twoFiveOne: Progression([.two, .five, .one])
        case .oneFiveSixFour: Progression([.one, .five, .six, .four])
        case .oneSixFourFive: Progression([.one, .six, .four, .five])
        case .twelveBarBlues:
            Progression([.one, .one, .one, .one, .four, .four, .one, .one, .dominantSeventh, .four, .one, .one])
        }
    }

    /// How it is written in either language: its numerals joined by dashes, the blues by name.
    public var symbol: String {
        self == .twelveBarBlues ? "Blues" : progression.numerals.map(\.rawValue).joined(separator: "–")
    }

    /// Its name in the terminal, as the page names it (answer-progression.js).
    public func name(in language: NoteNameLanguage) -> String {
        guard self == .twelveBarBlues else { return symbol }
        return language == .german ? "12-taktiger Blues" : "12-bar blues"
    }

    /// What a new user names: the four that fit in a few seconds.
    public static let defaultChoices: [CommonProgression] = [
        .oneFourFiveOne, .twoFiveOne, .oneFiveSixFour, .oneSixFourFive,
    ]

    /// A line typed in the terminal: the key of one of `choices` (its place, from 1), its name in
    /// either language or its numerals, spaces or dashes between the words, in any case (no two
    /// differ only by case).
    public static func typed(_ line: String, choices: [CommonProgression]) -> CommonProgression? {
        let typed = words(line)
        if typed.count == 1, let number = Int(typed[0]), choices.indices.contains(number - 1) {
            return choices[number - 1]
        }
        return choices.first { choice in
            ([choice.symbol] + NoteNameLanguage.allCases.map(choice.name(in:))).contains { words($0) == typed }
        }
    }

    private static func words(_ line: String) -> [String] {
        line.lowercased().split(whereSeparator: { " -–,".contains($0) }).map(String.init)
    }
}
