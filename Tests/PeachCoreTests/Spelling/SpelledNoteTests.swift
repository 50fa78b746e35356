import Testing

@testable import PeachCore

struct SpelledNoteTests {
    /// The octave number belongs to the letter: B♯3 sounds as C4, C♭5 as B4.
    @Test
    func theOctaveIsTheLettersOctave() {
        #expect(SpelledNote(MIDINote(60)!, as: SpelledPitchClass(.b, 1)).name(in: .english) == "B♯3")
        #expect(SpelledNote(MIDINote(71)!, as: SpelledPitchClass(.c, -1)).name(in: .english) == "C♭5")
        #expect(SpelledNote(MIDINote(61)!, as: SpelledPitchClass(.d, -1)).name(in: .german) == "Des4")
        #expect(SpelledNote(MIDINote(21)!, as: SpelledPitchClass(.a)).name(in: .english) == "A0")
        #expect(SpelledNote(MIDINote(62)!, as: SpelledPitchClass(.c, 2)).name(in: .english) == "C𝄪4")
    }

    @Test
    func germanNamesFollowGermanConventions() {
        let names = [
            (SpelledPitchClass(.b), "H"), (SpelledPitchClass(.b, -1), "B"), (SpelledPitchClass(.b, -2), "Heses"),
            (SpelledPitchClass(.b, 1), "His"), (SpelledPitchClass(.e, -1), "Es"), (SpelledPitchClass(.a, -1), "As"),
            (SpelledPitchClass(.e, -2), "Eses"), (SpelledPitchClass(.a, -2), "Asas"),
            (SpelledPitchClass(.d, -1), "Des"),
            (SpelledPitchClass(.f, 1), "Fis"), (SpelledPitchClass(.f, 2), "Fisis"),
            (SpelledPitchClass(.g, -2), "Geses"),
        ]
        for (spelling, name) in names { #expect(spelling.name(in: .german) == name) }
    }

    @Test
    func aPitchClassBeyondADoubleAccidentalOfTheLetterHasNoSpelling() {
        #expect(SpelledPitchClass(pitchClass: 4, on: .c) == nil)
        #expect(SpelledPitchClass(pitchClass: 2, on: .c) == SpelledPitchClass(.c, 2))
        #expect(SpelledPitchClass(pitchClass: 11, on: .c) == SpelledPitchClass(.c, -1))
    }
}
