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

    /// The seven degrees of the mode's scale (natural minor), lowest first.
    public static func diatonic(in mode: ScaleMode) -> [ScaleDegree] {
        switch mode {
        case .major: [.one, .two, .three, .four, .five, .six, .seven]
        case .minor: [.one, .two, .flatThree, .four, .five, .flatSix, .flatSeven]
        }
    }
}
