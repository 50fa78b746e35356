import Foundation

/// What Chord Progressions' answers add up to, each discipline's apart: the numeral named for each
/// chord played, each chord change's share named right, and the common progression named for each
/// one played.
public struct ProgressionProfile: ProfilePart {
    /// A chord heard after another (the first chord of a progression after the cadence's tonic):
    /// the context a numeral is named in. V after ii is heard differently from V after I.
    public struct Move: Hashable, Sendable {
        public let from: RomanNumeral
        public let to: RomanNumeral
    }

    public struct Tally: Sendable {
        public fileprivate(set) var chords = 0
        public fileprivate(set) var correct = 0
    }

    public var numerals: RecognitionProfile<RomanNumeral>
    public private(set) var moves: [Move: Tally] = [:]
    public var common: RecognitionProfile<CommonProgression>

    public init(calendar: Calendar) {
        numerals = RecognitionProfile(calendar: calendar)
        common = RecognitionProfile(calendar: calendar)
    }

    /// Each chord of a progression named in `mode`, with the chord heard before it.
    mutating func addMoves(played: [RomanNumeral], named: [RomanNumeral], in mode: ScaleMode) {
        let before = [RomanNumeral.cadence(in: mode).last!] + played.dropLast()
        for (move, right) in zip(zip(before, played).map(Move.init), zip(played, named).map { $0 == $1 }) {
            moves[move, default: Tally()].chords += 1
            if right { moves[move, default: Tally()].correct += 1 }
        }
    }
}
