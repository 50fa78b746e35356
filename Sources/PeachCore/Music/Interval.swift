import Foundation

/// The thirteen intervals from unison to octave that Peach trains, named as musicians abbreviate them.
public enum Interval: String, Hashable, Sendable, CaseIterable, Codable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // P1, m3, M3: the names musicians write, where case matters (m3 is not M3).
    case P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8

    /// Size in equal-tempered semitones; also how far the target note lies from the reference in MIDI.
    public var semitones: Int { Self.allCases.firstIndex(of: self)! }

    /// The 5-limit just ratio (numerator, denominator). The tritone takes 45/32, the augmented
    /// fourth of the 5-limit scale, so that every ratio is a product of 2, 3 and 5.
    public var justRatio: (numerator: Int, denominator: Int) {
        switch self {
        case .P1: (1, 1)
        case .m2: (16, 15)
        case .M2: (9, 8)
        case .m3: (6, 5)
        case .M3: (5, 4)
        case .P4: (4, 3)
        case .d5: (45, 32)
        case .P5: (3, 2)
        case .m6: (8, 5)
        case .M6: (5, 3)
        case .m7: (9, 5)
        case .M7: (15, 8)
        case .P8: (2, 1)
        }
    }

    /// The interval's size in `tuning`, always measured from the note actually played as the
    /// reference, so a just interval is pure from every root (not from a scale built on A).
    public func size(in tuning: TuningSystem) -> Cents {
        switch tuning {
        case .equalTemperament:
            return Cents(Double(semitones) * 100)
        case .justIntonation:
            let (numerator, denominator) = justRatio
            return Cents(1200 * log2(Double(numerator) / Double(denominator)))
        }
    }
}

/// How the intervals are tuned.
public enum TuningSystem: String, Hashable, Sendable, CaseIterable, Codable {
    case equalTemperament
    case justIntonation
}
