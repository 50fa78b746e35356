import Foundation

/// A chord named by the degree of the key its root stands on, as functional harmony writes it:
/// upper case a major triad, lower case a minor one, ° a diminished one, V7 the dominant seventh.
/// A minor key's chords are natural minor's but for V and V7, which take the raised leading tone
/// (harmonic minor), as its cadence plays them.
public enum RomanNumeral: String, Hashable, RecordEnumeration {
    case one = "I"
    case two = "ii"
    case three = "iii"
    case four = "IV"
    case five = "V"
    case six = "vi"
    case seven = "vii°"
    case minorOne = "i"
    case minorTwo = "ii°"
    case flatThree = "III"
    case minorFour = "iv"
    case flatSix = "VI"
    case flatSeven = "VII"
    case dominantSeventh = "V7"

    /// The degree its root stands on.
    public var root: ScaleDegree {
        switch self {
        case .one, .minorOne: .one
        case .two, .minorTwo: .two
        case .three: .three
        case .flatThree: .flatThree
        case .four, .minorFour: .four
        case .five, .dominantSeventh: .five
        case .six: .six
        case .flatSix: .flatSix
        case .seven: .seven
        case .flatSeven: .flatSeven
        }
    }

    /// The scale step it is named by, 1…7.
    public var number: Int { root.number }

    /// The key that answers it: its scale step, and 8 for V7 (V has 5).
    public var key: String { self == .dominantSeventh ? "8" : String(number) }

    /// The chord it names: a major, minor or diminished triad, or the dominant seventh.
    public var quality: ChordQuality {
        switch self {
        case .one, .four, .five, .flatThree, .flatSix, .flatSeven: .major
        case .two, .three, .six, .minorOne, .minorFour: .minor
        case .seven, .minorTwo: .diminished
        case .dominantSeventh: .dominant7
        }
    }

    /// How far just intonation moves the root from its equal-tempered place: the root stands at the
    /// 5-limit ratio of its interval above the tonic (`Interval.justRatio`), the same in every chord so
    /// that the tonic never drifts (the second at 9/8, the fifth of the fifth; ♭VII at 9/5).
    public var rootShift: Cents {
        let interval = Interval.allCases[root.semitones]
        return interval.size(in: .justIntonation) - interval.size(in: .equalTemperament)
    }

    /// How far just intonation moves the chord's tone `index` (0 the root) from equal temperament:
    /// the root's shift plus the tone's own from the root, the same in every octave.
    public func justShift(ofTone index: Int) -> Cents {
        let harmonics = quality.harmonics
        let pure = 1200 * log2(Double(harmonics[index]) / Double(harmonics[0]))
        return rootShift + Cents(pure - 100 * Double(quality.semitones[index]))
    }

    /// Its name with the figure of the chord's inversion (0 root position), as figured bass writes
    /// it: V⁶, I⁶₄; the dominant seventh's V⁶₅, V⁴₃, V⁴₂. Root position is the numeral alone.
    public func figured(inversion: Int) -> String {
        guard inversion > 0 else { return rawValue }
        return self == .dominantSeventh
            ? RomanNumeral.five.rawValue + ["⁶₅", "⁴₃", "⁴₂"][inversion - 1] : rawValue + ["⁶", "⁶₄"][inversion - 1]
    }

    /// The numerals a key offers, in the order of their keys.
    public static func offered(in mode: ScaleMode) -> [RomanNumeral] {
        switch mode {
        case .major: [.one, .two, .three, .four, .five, .six, .seven, .dominantSeventh]
        case .minor: [.minorOne, .minorTwo, .flatThree, .minorFour, .five, .flatSix, .flatSeven, .dominantSeventh]
        }
    }

    /// The cadence that sets the key before a progression: I–IV–V–I, in minor i–iv–V–i.
    public static func cadence(in mode: ScaleMode) -> [RomanNumeral] {
        switch mode {
        case .major: [.one, .four, .five, .one]
        case .minor: [.minorOne, .minorFour, .five, .minorOne]
        }
    }
}
