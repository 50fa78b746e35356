/// A major or a minor key: what the cadence establishes and which degrees are the scale's own.
public enum ScaleMode: String, Hashable, RecordEnumeration {
    case major, minor
}

/// A note's place in a key, as semitones above the tonic, named the way functional ear training
/// names them in either mode: relative to the major scale (a minor key's third is ♭3).
public enum ScaleDegree: String, Hashable, RecordEnumeration {
    case one = "1", flatTwo = "b2", two = "2", flatThree = "b3", three = "3", four = "4", sharpFour = "#4"
    case five = "5", flatSix = "b6", six = "6", flatSeven = "b7", seven = "7"

    /// Semitones above the tonic, 0…11.
    public var semitones: Int { Self.allCases.firstIndex(of: self)! }

    /// The scale step it is a form of, 1…7 (♭3 and 3 are both a third).
    public var number: Int { Int(rawValue.filter(\.isNumber))! }

    /// Numbers with the accidental as musicians write it: ♭3, ♯4.
    public var numberLabel: String {
        rawValue.replacingOccurrences(of: "b", with: "\u{266D}").replacingOccurrences(of: "#", with: "\u{266F}")
    }

    /// Movable do with a do-based minor: the syllable follows the degree, whatever the mode.
    public var solfege: String {
        ["do", "ra", "re", "me", "mi", "fa", "fi", "sol", "le", "la", "te", "ti"][semitones]
    }

    public func label(_ labels: DegreeLabels) -> String {
        switch labels {
        case .numbers: numberLabel
        case .solfege: solfege
        }
    }

    /// The seven degrees of the mode's scale (natural minor), lowest first.
    public static func diatonic(in mode: ScaleMode) -> [ScaleDegree] {
        switch mode {
        case .major: [.one, .two, .three, .four, .five, .six, .seven]
        case .minor: [.one, .two, .flatThree, .four, .five, .flatSix, .flatSeven]
        }
    }

    /// The degrees a user trains in a mode: the scale's own with the numbers chosen, and, when
    /// chosen, the five the scale does not have. Lowest first.
    public static func choices(mode: ScaleMode, numbers: Set<Int>, chromatic: Bool) -> [ScaleDegree] {
        let diatonic = diatonic(in: mode)
        return allCases.filter { diatonic.contains($0) ? numbers.contains($0.number) : chromatic }
    }
}

/// How degrees are named on screen: numbers (♭3) or solfège (me).
public enum DegreeLabels: String, Hashable, Sendable, Codable, APIChoices {
    case numbers, solfege
}
