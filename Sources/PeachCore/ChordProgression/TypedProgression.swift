/// A progression typed in the terminal: numerals separated by spaces or dashes, each a Roman
/// numeral ("I IV V I", "ii V7 I"; ° may be typed o: "viio") or the key that answers it (its scale
/// step 1–7, 8 for V7: "1 4 5 1"), each one of the trial's choices. A numeral may carry the figure of
/// an inversion as the feedback prints it (V⁶, I⁶₄, V⁶₅) or in plain digits (V6, I64, V65, V43, V42):
/// it names its numeral, since which chords are inverted follows from the numerals
/// (`ProgressionVoicing.bassLine`), and the answer is the numerals alone.
public enum TypedProgression {
    public static func parse(_ line: String, choices: [RomanNumeral]) -> Result<Progression, TypedProgressionError> {
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "–" || $0 == "," }).map(String.init)
        guard !tokens.isEmpty else { return .failure(.empty) }
        var numerals: [RomanNumeral] = []
        for token in tokens {
            let written = String(token.map { $0 == "o" ? "°" : $0 })
            guard let numeral = choices.first(where: { $0.key == token || spellings(of: $0).contains(written) }) else {
                return .failure(.unknown(token))
            }
            numerals.append(numeral)
        }
        return .success(Progression(numerals))
    }

    /// The numeral with each figure its chord may be played with, as printed and in plain digits.
    private static func spellings(of numeral: RomanNumeral) -> Set<String> {
        let figured = numeral.quality.semitones.indices.map { numeral.figured(inversion: $0) }
        return Set(figured + figured.map { String($0.map { plainDigits[$0] ?? $0 }) })
    }

    private static let plainDigits: [Character: Character] = [
        "⁶": "6", "⁴": "4", "₅": "5", "₄": "4", "₃": "3", "₂": "2",
    ]
}

/// Why a typed line is no progression (`ProgressionLines` says it in the terminal's language).
public enum TypedProgressionError: Error, Equatable {
    /// Nothing but spaces.
    case empty
    /// A word that is none of the trial's numerals nor their keys.
    case unknown(String)
}
