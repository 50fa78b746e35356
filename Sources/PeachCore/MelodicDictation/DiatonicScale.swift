/// The notes of a major or natural-minor scale on a tonic, numbered by scale step across octaves
/// (0 is the tonic, 7 the tonic an octave up, -1 the step below it): a melody moves along these
/// numbers, and a step's size is the difference of two of them.
public struct DiatonicScale: Hashable, Sendable {
    public let tonic: MIDINote
    public let mode: ScaleMode
    private let semitones: [Int]

    public init(tonic: MIDINote, mode: ScaleMode) {
        self.tonic = tonic
        self.mode = mode
        semitones = ScaleDegree.diatonic(in: mode).map(\.semitones)
    }

    /// The note at scale step `index`; nil outside MIDI's notes.
    public func note(at index: Int) -> MIDINote? {
        let octave = Int((Double(index) / 7).rounded(.down))
        return MIDINote(tonic.rawValue + 12 * octave + semitones[index - 7 * octave])
    }

    /// The scale step of `note`; nil for a note outside the scale.
    public func index(of note: MIDINote) -> Int? {
        let distance = note.rawValue - tonic.rawValue
        let octave = Int((Double(distance) / 12).rounded(.down))
        return semitones.firstIndex(of: distance - 12 * octave).map { 7 * octave + $0 }
    }

    /// The interval number from one note to the next (2: a second, 3: a third…), up or down; nil
    /// when either is outside the scale.
    public func stepSize(from first: MIDINote, to second: MIDINote) -> Int? {
        guard let from = index(of: first), let to = index(of: second) else { return nil }
        return abs(to - from) + 1
    }
}
