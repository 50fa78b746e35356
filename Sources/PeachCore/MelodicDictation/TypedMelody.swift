/// Notes typed in the terminal (`peach dictation`): note names separated by spaces or commas, a
/// letter A–G with an optional sharp (# ♯) or flat (b ♭) and an optional octave ("C4 D4 E♭4 G4").
/// A name without an octave lies in the octave shown with the key ("c d eb g").
public enum TypedMelody {
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    private static let letters: [Character: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11]

    public static func parse(_ text: String, octave: Int) -> Result<Melody, Problem> {
        let words = text.split { $0 == " " || $0 == "," }
        guard !words.isEmpty else { return .failure(Problem(description: "type the melody's notes, such as C4 D4 E4")) }
        var notes: [MIDINote] = []
        for word in words {
            guard let note = note(String(word), octave: octave) else {
                return .failure(Problem(description: "'\(word)' is not a note name such as C4, F#3 or Bb"))
            }
            notes.append(note)
        }
        return .success(Melody(notes))
    }

    private static func note(_ word: String, octave: Int) -> MIDINote? {
        var rest = Substring(word.lowercased())
        guard let letter = rest.first, let pitchClass = letters[letter] else { return nil }
        rest = rest.dropFirst()
        var semitones = pitchClass
        if let accidental = rest.first, "#♯b♭".contains(accidental) {
            semitones += accidental == "#" || accidental == "♯" ? 1 : -1
            rest = rest.dropFirst()
        }
        let octaveNumber = rest.isEmpty ? octave : Int(rest)
        guard let octaveNumber, (0...9).contains(octaveNumber) else { return nil }
        guard let note = MIDINote(12 * (octaveNumber + 1) + semitones), NoteRange.pianoRange.contains(note.rawValue) else { return nil }
        return note
    }
}
