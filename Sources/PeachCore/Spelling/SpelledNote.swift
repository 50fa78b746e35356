/// A note as it is written: a spelled pitch class and the octave of its letter. B♯3 and C4 are the
/// same key on a piano, and the octave number belongs to the letter, so B♯3 is not "B♯4".
public struct SpelledNote: Hashable, Sendable {
    public let spelling: SpelledPitchClass
    /// Scientific pitch notation: C4 is middle C.
    public let octave: Int

    /// `note` written with `spelling`, which must be one of its pitch class's spellings.
    public init(_ note: MIDINote, as spelling: SpelledPitchClass) {
        precondition(spelling.pitchClass == note.rawValue % 12, "\(spelling) does not spell \(note)")
        self.spelling = spelling
        // The letter's own C: B♯3 is MIDI 60 written in octave 3, C♭5 is MIDI 71 written in octave 5.
        let naturalNote = note.rawValue - spelling.accidental
        octave = (naturalNote - spelling.letter.naturalPitchClass) / 12 - 1
    }

    /// "E♭4" in English, "Es4" in German; a German B is "H3" and a B♭ "B3".
    public func name(in language: NoteNameLanguage) -> String { spelling.name(in: language) + String(octave) }
}
