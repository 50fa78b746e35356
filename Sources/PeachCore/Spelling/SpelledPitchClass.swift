/// A pitch class as it is written: a letter and an accidental. C♯ and D♭ sound alike but are
/// different spellings, and a key decides which one a musician expects.
public struct SpelledPitchClass: Hashable, Sendable {
    public let letter: NoteLetter
    /// Semitones the letter is raised (♯ = 1, 𝄪 = 2) or lowered (♭ = −1, 𝄫 = −2).
    public let accidental: Int

    public init(_ letter: NoteLetter, _ accidental: Int = 0) {
        precondition((-2...2).contains(accidental), "a written accidental is at most a double sharp or flat")
        self.letter = letter
        self.accidental = accidental
    }

    /// The spelling of `pitchClass` on `letter`: the accidental that makes the letter sound as it.
    /// Nil when that would need more than a double sharp or flat.
    public init?(pitchClass: Int, on letter: NoteLetter) {
        // −6…5: the letter's nearest way to the pitch class, whichever side it lies.
        let raised = ((pitchClass - letter.naturalPitchClass) % 12 + 18) % 12 - 6
        guard (-2...2).contains(raised) else { return nil }
        self.init(letter, raised)
    }

    /// 0 (C) … 11 (B).
    public var pitchClass: Int { ((letter.naturalPitchClass + accidental) % 12 + 12) % 12 }

    /// "F♯", "B♭", "C𝄪" in English; "Fis", "B", "H", "Es", "As" in German. German minor keys write
    /// their tonic in lower case ("fis-Moll"): `name(in:).lowercased()`.
    public func name(in language: NoteNameLanguage) -> String {
        switch language {
        case .english:
            return letter.english + ["𝄫", "♭", "", "♯", "𝄪"][accidental + 2]
        case .german:
            return germanName
        }
    }

    private var germanName: String {
        switch (letter, accidental) {
        case (.b, 0): return "H"
        case (.b, -1): return "B"
        case (.b, -2): return "Heses"
        case (_, let raised) where raised > 0:
            return germanLetter + String(repeating: "is", count: raised)
        case (.e, let lowered) where lowered < 0, (.a, let lowered) where lowered < 0:
            // Es and As drop the e of "es": Eses, Asas.
            return germanLetter + "s" + String(repeating: letter == .e ? "es" : "as", count: -lowered - 1)
        case (_, let lowered) where lowered < 0:
            return germanLetter + String(repeating: "es", count: -lowered)
        default:
            return germanLetter
        }
    }

    private var germanLetter: String { letter == .b ? "H" : letter.english }
}
