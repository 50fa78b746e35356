/// A key as a musician names and writes it: its tonic spelled by convention and its mode. Every
/// note of the key's scale takes its own letter, so the key decides how a note is spelled.
public struct MusicalKey: Hashable, Sendable {
    public let tonic: SpelledPitchClass
    public let mode: ScaleMode

    public init(tonic: SpelledPitchClass, mode: ScaleMode) {
        self.tonic = tonic
        self.mode = mode
    }

    /// The key on `tonicPitchClass` as musicians write it: the spelling with the fewer accidentals
    /// (A♭ major, not G♯ major; G♯ minor, not A♭ minor); of the two equal ones, F♯ major and
    /// E♭ minor.
    public init(tonicPitchClass: Int, mode: ScaleMode) {
        let pitchClass = (tonicPitchClass % 12 + 12) % 12
        let tonics: [SpelledPitchClass] =
            switch mode {
            case .major:
                [
                    .init(.c), .init(.d, -1), .init(.d), .init(.e, -1), .init(.e), .init(.f),
                    .init(.f, 1), .init(.g), .init(.a, -1), .init(.a), .init(.b, -1), .init(.b),
                ]
            case .minor:
                [
                    .init(.c), .init(.c, 1), .init(.d), .init(.e, -1), .init(.e), .init(.f),
                    .init(.f, 1), .init(.g), .init(.g, 1), .init(.a), .init(.b, -1), .init(.b),
                ]
            }
        self.init(tonic: tonics[pitchClass], mode: mode)
    }

    /// The key of `tonic` in `mode`, spelled by convention.
    public init(tonic: MIDINote, mode: ScaleMode) {
        self.init(tonicPitchClass: tonic.rawValue % 12, mode: mode)
    }

    /// "E♭ major", "F♯ minor"; in German "Es-Dur", "fis-Moll" (a minor key's tonic in lower case).
    public func name(in language: NoteNameLanguage) -> String {
        let tonic = tonic.name(in: language)
        switch (language, mode) {
        case (.english, _): return "\(tonic) \(mode.rawValue)"
        case (.german, .major): return "\(tonic)-Dur"
        case (.german, .minor): return "\(tonic.lowercased())-Moll"
        }
    }

    /// `degree` written in this key: its letter is the tonic's advanced by the degree's number, so
    /// a minor key's ♭3 over A is C and a major key's ♯4 over F is B, not C♭.
    public func spelling(of degree: ScaleDegree) -> SpelledPitchClass {
        let letter = tonic.letter.advanced(by: degree.number - 1)
        // Always within a double accidental: the conventional tonics carry at most one.
        return SpelledPitchClass(pitchClass: tonic.pitchClass + degree.semitones, on: letter)!
    }

    /// How `pitchClass` is written in this key. A note of the key's scale takes its scale letter; a
    /// chromatic one is raised from the letter below on the way up (`ascending`), lowered from the
    /// letter above on the way down, and without a direction spelled as its degree is named (♭3,
    /// ♯4, ♭6, ♭7, ♭2).
    public func spelling(ofPitchClass pitchClass: Int, ascending: Bool? = nil) -> SpelledPitchClass {
        let semitones = ((pitchClass - tonic.pitchClass) % 12 + 12) % 12
        let degree = ScaleDegree.allCases[semitones]
        let diatonic = ScaleDegree.diatonic(in: mode)
        guard let ascending, !diatonic.contains(degree) else { return spelling(of: degree) }
        // The chromatic note lies between two scale notes: raise the lower one or lower the upper one.
        let lower = diatonic.last { $0.semitones < semitones }!
        let letter = tonic.letter.advanced(by: lower.number - 1 + (ascending ? 0 : 1))
        return SpelledPitchClass(pitchClass: pitchClass, on: letter)!
    }

    /// `note` written in this key, with its octave.
    public func spell(_ note: MIDINote, ascending: Bool? = nil) -> SpelledNote {
        SpelledNote(note, as: spelling(ofPitchClass: note.rawValue % 12, ascending: ascending))
    }

    /// A melody written in this key, each chromatic note spelled by the way the melody moves to it.
    public func spell(melody: [MIDINote]) -> [SpelledNote] {
        melody.indices.map { index in
            let previous = index > 0 ? melody[index - 1] : nil
            return spell(melody[index], ascending: previous.map { melody[index] > $0 })
        }
    }
}
