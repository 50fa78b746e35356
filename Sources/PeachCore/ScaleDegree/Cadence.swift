/// The cadence that sets a key before a scale-degree question: I–IV–V–I (minor: i–iv–V–i, the
/// dominant major with its raised leading tone, as common practice writes it), a bass under three
/// upper voices in close position that move by step or stay, so the tonic is heard, not a tune.
public struct Cadence: Hashable, Sendable {
    public let tonic: MIDINote
    public let mode: ScaleMode

    public init(tonic: MIDINote, mode: ScaleMode) {
        self.tonic = tonic
        self.mode = mode
    }

    /// Semitones from the tonic: the bass, then the upper voices lowest first.
    private var voicings: [[Int]] {
        let third = mode == .major ? 4 : 3
        let sixth = mode == .major ? 9 : 8
        let tonicChord = [-12, 0, third, 7]
        return [tonicChord, [-7, 0, 5, sixth], [-5, -1, 2, 7], tonicChord]
    }

    /// Each chord's notes, bass first. A bass that would fall below the piano sounds an octave up.
    public var chords: [[MIDINote]] {
        voicings.map { chord in
            chord.enumerated().map { index, semitones in
                var note = tonic.rawValue + semitones
                if index == 0 { while note < NoteRange.pianoRange.lowerBound { note += 12 } }
                return MIDINote(note)!
            }
        }
    }

    /// The scale degree each chord is built on (its root, the bass): 1, 4, 5, 1.
    public static let roots: [ScaleDegree] = [.one, .four, .five, .one]
}
