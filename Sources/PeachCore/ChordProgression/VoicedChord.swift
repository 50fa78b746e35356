/// One chord as it is played: the root in the bass, and the right hand's three voices, lowest first,
/// each with the chord tone it plays (0 the root, 1 the third, 2 the fifth, 3 the seventh).
public struct VoicedChord: Hashable, Sendable {
    public let numeral: RomanNumeral
    public let bass: MIDINote
    public let upper: [MIDINote]
    public let upperTones: [Int]

    /// Every note, the bass first, with its chord tone.
    public var notes: [(note: MIDINote, tone: Int)] {
        [(bass, 0)] + zip(upper, upperTones).map { ($0, $1) }
    }
}
