/// One of the seven letters a note is written with. A key's scale uses each letter once, which is
/// why a note's spelling depends on its key: the third of B major is D♯, never E♭.
public enum NoteLetter: Int, CaseIterable, Hashable, Sendable {
    case c, d, e, f, g, a, b

    /// Semitones above C of the letter without an accidental.
    public var naturalPitchClass: Int { [0, 2, 4, 5, 7, 9, 11][rawValue] }

    /// The letter `steps` letters higher (a third is two steps), wrapping from B to C.
    public func advanced(by steps: Int) -> NoteLetter {
        NoteLetter(rawValue: ((rawValue + steps) % 7 + 7) % 7)!
    }

    var english: String { ["C", "D", "E", "F", "G", "A", "B"][rawValue] }
}
