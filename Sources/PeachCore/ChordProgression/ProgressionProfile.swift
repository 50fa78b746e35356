import Foundation

/// What Chord Progressions' answers add up to, each discipline's apart: the numeral named for each
/// chord played, each chord change's share named right, and the common progression named for each
/// one played.
public struct ProgressionProfile: ProfilePart {
    public struct Tally: Sendable {
        public fileprivate(set) var chords = 0
        public fileprivate(set) var correct = 0
    }

    public var numerals: RecognitionProfile<RomanNumeral>
    public private(set) var moves: [ChordMove: Tally] = [:]
    public var common: RecognitionProfile<CommonProgression>

    public init(calendar: Calendar) {
        numerals = RecognitionProfile(calendar: calendar)
        common = RecognitionProfile(calendar: calendar)
    }

    /// Each chord of a progression named in `mode`, in the context of the chord heard before it.
    mutating func addMoves(played: [RomanNumeral], named: [RomanNumeral], in mode: ScaleMode) {
        for (move, answer) in zip(ChordMove.moves(of: played, in: mode), named) {
            moves[move, default: Tally()].chords += 1
            if answer == move.to { moves[move, default: Tally()].correct += 1 }
        }
    }
}
