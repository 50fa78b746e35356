/// Notes typed in the terminal (`peach dictation`): note names separated by spaces or commas, a
/// letter A–G with an optional sharp (# ♯) or flat (b ♭) and an optional octave ("C4 D4 E♭4 G4").
/// A name without an octave is the nearest such note to the note before it (a tritone away goes
/// up), as a melody is written and sung; the first lies in the octave from the tonic shown with the
/// key up, where every melody starts: "d b d" in D major from D3 is D3 B2 D3.
public enum TypedMelody {
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    private static let letters: [Character: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11]

    public static func parse(_ text: String, tonic: MIDINote) -> Result<Melody, Problem> {
        let words = text.split { $0 == " " || $0 == "," }
        guard !words.isEmpty else { return .failure(Problem(description: "type the melody's notes, such as C4 D4 E4")) }
        var notes: [MIDINote] = []
        for word in words {
            guard let note = note(String(word), after: notes.last, tonic: tonic) else {
                return .failure(Problem(description: "'\(word)' is not a note name such as C4, F#3 or Bb"))
            }
            notes.append(note)
        }
        return .success(Melody(notes))
    }

    private static func note(_ word: String, after previous: MIDINote?, tonic: MIDINote) -> MIDINote? {
        var rest = Substring(word.lowercased())
        guard let letter = rest.first, let pitchClass = letters[letter] else { return nil }
        rest = rest.dropFirst()
        var semitones = pitchClass
        if let accidental = rest.first, "#♯b♭".contains(accidental) {
            semitones += accidental == "#" || accidental == "♯" ? 1 : -1
            rest = rest.dropFirst()
        }
        let number: Int
        if rest.isEmpty {
            let lowest = previous.map { $0.rawValue - 5 } ?? tonic.rawValue
            number = lowest + ((semitones - lowest) % 12 + 12) % 12
        } else {
            guard let octave = Int(rest), (0...9).contains(octave) else { return nil }
            number = 12 * (octave + 1) + semitones
        }
        guard let note = MIDINote(number), NoteRange.pianoRange.contains(note.rawValue) else { return nil }
        return note
    }
}
