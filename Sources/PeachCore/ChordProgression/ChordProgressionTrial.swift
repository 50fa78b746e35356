/// A cadence in a key, then a progression of chords in it: name each chord, or in the
/// common-progressions discipline the progression as a whole.
public struct ChordProgressionTrial: Hashable, Sendable, Codable {
    public let discipline: Discipline
    /// The key's tonic as the bass plays it, C2–B2.
    public let tonic: MIDINote
    public let mode: ScaleMode
    public let progression: Progression
    public let tuningSystem: TuningSystem
    /// Whether the progression's chords may be inverted: which ones follows from the numerals
    /// (`ProgressionVoicing.bassLine`), so the trial stores only this.
    public let inversions: Bool
    /// The numerals the user may answer with, in the order of their keys.
    public let choices: [RomanNumeral]
    /// The common progressions the user names the whole from, in the order of their keys; empty
    /// where each chord is named.
    public let progressions: [CommonProgression]

    public init(
        _ discipline: Discipline = .chordProgression, tonic: MIDINote, mode: ScaleMode, progression: Progression,
        tuningSystem: TuningSystem, inversions: Bool = false, choices: [RomanNumeral],
        progressions: [CommonProgression] = []
    ) {
        self.discipline = discipline
        self.tonic = tonic
        self.mode = mode
        self.progression = progression
        self.tuningSystem = tuningSystem
        self.inversions = inversions
        self.choices = choices
        self.progressions = progressions
    }

    /// A trial stored before inversions came has none; one stored before common progressions names
    /// chords.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try fields.decode(Discipline.self, forKey: .discipline),
            tonic: try fields.decode(MIDINote.self, forKey: .tonic),
            mode: try fields.decode(ScaleMode.self, forKey: .mode),
            progression: try fields.decode(Progression.self, forKey: .progression),
            tuningSystem: try fields.decode(TuningSystem.self, forKey: .tuningSystem),
            inversions: try fields.decodeIfPresent(Bool.self, forKey: .inversions) ?? false,
            choices: try fields.decode([RomanNumeral].self, forKey: .choices),
            progressions: try fields.decodeIfPresent([CommonProgression].self, forKey: .progressions) ?? [])
    }

    /// The inversion of each chord of the progression: as its bass line asks where the trial allows
    /// inversions, else root position. What its record keeps.
    public var playedInversions: ChordInversions {
        inversions
            ? ChordInversions(ProgressionVoicing.bassLine(progression.numerals, tonic: tonic))
            : .rootPosition(progression.count)
    }

    /// The cadence's chords in root position, then the progression's, inverted as played; voice-led
    /// as one line.
    public var chords: [VoicedChord] {
        let cadence = RomanNumeral.cadence(in: mode)
        return ProgressionVoicing.voice(
            cadence + progression.numerals, tonic: tonic,
            inversions: ChordInversions.rootPosition(cadence.count).inversions + playedInversions.inversions)
    }

    /// A note of a chord as the trial tunes it: equal temperament, or pure from the chord's root
    /// (whichever tone the bass plays) with the root placed at its just ratio from the tonic
    /// (`RomanNumeral.rootShift`, from `Interval.justRatio`), so that the tonic stays where equal
    /// temperament puts it, in every chord.
    public func frequency(_ note: MIDINote, tone: Int, of numeral: RomanNumeral, reference: ReferencePitch)
        -> Frequency
    {
        let shift = tuningSystem == .justIntonation ? numeral.justShift(ofTone: tone) : .zero
        return Frequency(note: note, offset: shift, reference: reference)
    }
}
