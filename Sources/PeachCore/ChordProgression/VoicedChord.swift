/// One chord as it is played: the bass, the chord tone it plays (its inversion: 0 the root, 1 the
/// third, 2 the fifth, 3 the seventh), and the right hand's three voices, lowest first, each with its
/// chord tone.
public struct VoicedChord: Hashable, Sendable {
    public let numeral: RomanNumeral
    public let bass: MIDINote
    public let inversion: Int
    public let upper: [MIDINote]
    public let upperTones: [Int]

    /// Every note, the bass first, with its chord tone.
    public var notes: [(note: MIDINote, tone: Int)] {
        [(bass, inversion)] + zip(upper, upperTones).map { ($0, $1) }
    }
}
