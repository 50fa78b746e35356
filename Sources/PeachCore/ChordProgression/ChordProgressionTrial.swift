/// A cadence in a key, then a progression of chords in it: name each chord.
public struct ChordProgressionTrial: Hashable, Sendable, Codable {
    public let discipline: Discipline
    /// The key's tonic as the bass plays it, C2–B2.
    public let tonic: MIDINote
    public let mode: ScaleMode
    public let progression: Progression
    public let tuningSystem: TuningSystem
    /// The numerals the user may answer with, in the order of their keys.
    public let choices: [RomanNumeral]

    public init(
        _ discipline: Discipline = .chordProgression, tonic: MIDINote, mode: ScaleMode, progression: Progression,
        tuningSystem: TuningSystem, choices: [RomanNumeral]
    ) {
        self.discipline = discipline
        self.tonic = tonic
        self.mode = mode
        self.progression = progression
        self.tuningSystem = tuningSystem
        self.choices = choices
    }

    /// The cadence's chords, then the progression's, voice-led as one line.
    public var chords: [VoicedChord] {
        ProgressionVoicing.voice(RomanNumeral.cadence(in: mode) + progression.numerals, tonic: tonic)
    }

    /// A note of a chord as the trial tunes it: equal temperament, or pure from the chord's root
    /// with the root placed at its just ratio from the tonic (`RomanNumeral.rootShift`, from `Interval.justRatio`), so that the
    /// tonic stays where equal temperament puts it, in every chord.
    public func frequency(_ note: MIDINote, tone: Int, of numeral: RomanNumeral, reference: ReferencePitch)
        -> Frequency
    {
        let shift = tuningSystem == .justIntonation ? numeral.justShift(ofTone: tone) : .zero
        return Frequency(note: note, offset: shift, reference: reference)
    }
}
