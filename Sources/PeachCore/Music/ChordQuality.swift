/// What kind of chord it is, as jazz and classical theory both name it: the four triads and the
/// four common seventh chords.
public enum ChordQuality: String, Hashable, RecordEnumeration {
    case major, minor, diminished, augmented
    case dominant7, major7, minor7, halfDiminished7

    /// Semitones above the root, root position in close voicing.
    public var semitones: [Int] {
        switch self {
        case .major: [0, 4, 7]
        case .minor: [0, 3, 7]
        case .diminished: [0, 3, 6]
        case .augmented: [0, 4, 8]
        case .dominant7: [0, 4, 7, 10]
        case .major7: [0, 4, 7, 11]
        case .minor7: [0, 3, 7, 10]
        case .halfDiminished7: [0, 3, 6, 10]
        }
    }

    /// The chord's tones as harmonics of one fundamental, root first: how just intonation tunes it,
    /// pure from its own root. The triads 4:5:6, 10:12:15, 16:20:25 and the diminished 5:6:7 (the
    /// upper three of the harmonic seventh, so that vii° is V7 without its root); the dominant
    /// seventh 4:5:6:7 (the harmonic seventh), the others their triad's with a 5-limit seventh.
    public var harmonics: [Int] {
        switch self {
        case .major: [4, 5, 6]
        case .minor: [10, 12, 15]
        case .diminished: [5, 6, 7]
        case .augmented: [16, 20, 25]
        case .dominant7: [4, 5, 6, 7]
        case .major7: [8, 10, 12, 15]
        case .minor7: [10, 12, 15, 18]
        case .halfDiminished7: [5, 6, 7, 9]
        }
    }

    /// The chord symbol's suffix as lead sheets write it (C, Cm, C°, C+, C7, Cmaj7, Cm7, Cø7): the
    /// same in every language.
    public var symbol: String {
        switch self {
        case .major: ""
        case .minor: "m"
        case .diminished: "°"
        case .augmented: "+"
        case .dominant7: "7"
        case .major7: "maj7"
        case .minor7: "m7"
        case .halfDiminished7: "ø7"
        }
    }

    /// The four triads: what a beginner names first, and the default set.
    public static let triads: [ChordQuality] = [.major, .minor, .diminished, .augmented]
}
