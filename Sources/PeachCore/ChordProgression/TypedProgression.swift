/// A progression typed in the terminal: numerals separated by spaces or dashes, each a Roman
/// numeral ("I IV V I", "ii V7 I"; ° may be typed o: "viio") or the key that answers it (its scale
/// step 1–7, 8 for V7: "1 4 5 1"), each one of the trial's choices.
public enum TypedProgression {
    public static func parse(_ line: String, choices: [RomanNumeral]) -> Result<Progression, TypedProgressionError> {
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "–" || $0 == "," }).map(String.init)
        guard !tokens.isEmpty else { return .failure(TypedProgressionError("Type a numeral for each chord")) }
        var numerals: [RomanNumeral] = []
        for token in tokens {
            let written = token.hasSuffix("o") ? String(token.dropLast()) + "°" : token
            guard let numeral = choices.first(where: { $0.key == token || $0.rawValue == written }) else {
                let offered = choices.map { "\($0.rawValue) (\($0.key))" }.joined(separator: ", ")
                return .failure(TypedProgressionError("\(token) is none of \(offered)"))
            }
            numerals.append(numeral)
        }
        return .success(Progression(numerals))
    }
}

/// Why a typed line is no progression, in words for the terminal.
public struct TypedProgressionError: Error, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
