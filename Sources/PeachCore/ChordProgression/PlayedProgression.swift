/// A progression answered on a MIDI keyboard in the terminal, one chord at a time (`MIDIChordReader`
/// reads each from the keys): a chord names the numeral whose pitch classes it has in the trial's
/// key, in any octave and voicing, by the rule the browser is served (`ChordProgressionKind.midi`).
/// Naming each chord, the chords answer once there are as many as the progression has. Naming a
/// common progression, they answer once they are one offered: no common progression begins another,
/// so the first one the chords complete is the one meant.
public struct PlayedProgression: Sendable {
    /// What one chord played did to the answer.
    public enum Step: Hashable, Sendable {
        /// It named a numeral and the answer is not whole yet: the numerals named so far.
        case named([RomanNumeral])
        /// It is none of the chords the trial is answered with; the ones named before it stay.
        case noNumeral
        /// With it the chords begin none of the common progressions offered: they are dropped, to be
        /// played again from the first.
        case noProgression([RomanNumeral])
        /// It completed the answer.
        case answered(Progression)
    }

    /// The numerals named so far.
    public private(set) var numerals: [RomanNumeral] = []
    /// The numerals a chord may name: the trial's choices, or every numeral of the common
    /// progressions offered.
    public let offered: [RomanNumeral]
    private let chords: MIDIAnswers
    private let length: Int
    private let progressions: [Progression]

    public init(_ trial: ChordProgressionTrial) {
        let progressions = trial.progressions.map(\.progression)
        self.progressions = progressions
        offered =
            progressions.isEmpty
            ? trial.choices
            : RomanNumeral.allCases.filter { numeral in progressions.contains { $0.numerals.contains(numeral) } }
        chords = ChordProgressionKind.chords(of: offered, tonic: trial.tonic)
        length = trial.progression.count
    }

    public mutating func play(_ keys: [MIDINote]) -> Step {
        guard let answer = chords.answer(forChord: keys), let numeral = RomanNumeral(rawValue: answer) else {
            return .noNumeral
        }
        numerals.append(numeral)
        let played = Progression(numerals)
        if progressions.isEmpty {
            return numerals.count == length ? .answered(played) : .named(numerals)
        }
        if progressions.contains(played) { return .answered(played) }
        if progressions.contains(where: { $0.numerals.starts(with: numerals) }) { return .named(numerals) }
        numerals = []
        return .noProgression(played.numerals)
    }

    /// Drops the chords named so far: the user starts again from the first.
    public mutating func restart() { numerals = [] }

    /// Drops the last chord named, as the page's undo does: the user plays another in its place.
    /// Those before it still begin an offered progression, as they did before it was played.
    public mutating func takeBack() { _ = numerals.popLast() }
}
