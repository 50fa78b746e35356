/// A note's place in a key, as semitones above the tonic, named the way functional ear training
/// names them in either mode: relative to the major scale (a minor key's third is ♭3).
public enum ScaleDegree: String, Hashable, RecordEnumeration {
    case one = "1"
    case flatTwo = "b2"
    case two = "2"
    case flatThree = "b3"
    case three = "3"
    case four = "4"
    case sharpFour = "#4"
    case five = "5"
    case flatSix = "b6"
    case six = "6"
    case flatSeven = "b7"
    case seven = "7"

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
