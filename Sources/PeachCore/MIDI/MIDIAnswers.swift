/// How a MIDI keyboard answers one trial, served with it (`session.midi`) so that the browser looks
/// answers up instead of restating the rules, and read by the terminal from the same value. A kind
/// declares it (`TrainingKind.midi`); nil where a keyboard does not answer.
public struct MIDIAnswers: Codable, Hashable, Sendable, APIDescribed {
    /// The answer each key (MIDI note 0…127, by index) gives; empty: that key answers nothing.
    public let keys: [String]?
    /// Matching: any key commits the slider as it stands.
    public let keyCommits: Bool
    /// Fill the Gap: every note-on is a tap, timed by the event's own timestamp.
    public let taps: Bool
    /// Matching: the pitch-bend wheel tunes the note (`PitchBendCommit`).
    public let bend: Bend?
    /// A chord played: the keys pressed from one silence to the next (all keys up) are one chord,
    /// which answers what the chord with their pitch classes names, in any octave and voicing.
    public let chords: [Chord]?

    /// A chord a keyboard may play, and the answer it gives.
    public struct Chord: Codable, Hashable, Sendable, APIDescribed {
        /// Its pitch classes (0 C … 11 B), ascending.
        public let pitchClasses: [Int]
        public let answer: String

        public init(pitchClasses: Set<Int>, answer: String) {
            self.pitchClasses = pitchClasses.sorted()
            self.answer = answer
        }

        public static var apiNotes: [String: APINote] {
            ["pitchClasses": .describe("The chord's pitch classes, 0 C … 11 B: exactly these keys, in any octave.")]
        }
    }

    public struct Bend: Codable, Hashable, Sendable, APIDescribed {
        public let centre: Int
        public let halfRange: Int
        public let commitTolerance: Int

        public static let rule = Bend(
            centre: PitchBend.centre, halfRange: PitchBendCommit.halfRange,
            commitTolerance: PitchBendCommit.commitTolerance)

        public static var apiNotes: [String: APINote] {
            [
                "centre": .describe("The wheel at rest (of 0…16383)."),
                "halfRange": .describe(
                    "Bend units from the centre to either end of the slider: normalizedValue = (bend − centre) / halfRange."
                ),
                "commitTolerance": .describe(
                    "Back within this many units of the centre, after having left them, commits the value last tuned outside."
                ),
            ]
        }
    }

    private init(
        keys: [String]? = nil, keyCommits: Bool = false, taps: Bool = false, bend: Bend? = nil, chords: [Chord]? = nil
    ) {
        self.keys = keys
        self.keyCommits = keyCommits
        self.taps = taps
        self.bend = bend
        self.chords = chords
    }

    /// A key above the last note heard answers `above`, below it `below`; that key itself nothing
    /// (a musical gesture: up for higher).
    public static func direction(from lastHeard: MIDINote, below: String, above: String) -> MIDIAnswers {
        MIDIAnswers(
            keys: MIDINote.validRange.map { $0 < lastHeard.rawValue ? below : $0 > lastHeard.rawValue ? above : "" })
    }

    /// A key answers what its pitch class (counted from `tonic`) names; a pitch class not among
    /// `answers` answers nothing.
    public static func pitchClasses(from tonic: MIDINote, _ answers: [Int: String]) -> MIDIAnswers {
        MIDIAnswers(keys: MIDINote.validRange.map { answers[(($0 - tonic.rawValue) % 12 + 12) % 12] ?? "" })
    }

    public static let matching = MIDIAnswers(keyCommits: true, bend: .rule)

    public static let tapping = MIDIAnswers(taps: true)

    /// A chord played answers what `chords` says of its pitch classes.
    public static func chords(_ chords: [Chord]) -> MIDIAnswers { MIDIAnswers(chords: chords) }

    /// The answer `key` gives; nil for a key that answers nothing.
    public func answer(forKey key: MIDINote) -> String? {
        guard let answer = keys?[key.rawValue], !answer.isEmpty else { return nil }
        return answer
    }

    /// The answer the chord of `keys` gives; nil where no chord has exactly their pitch classes.
    public func answer(forChord keys: [MIDINote]) -> String? {
        let classes = Set(keys.map { $0.rawValue % 12 }).sorted()
        return chords?.first { $0.pitchClasses == classes }?.answer
    }

    public static var apiNotes: [String: APINote] {
        [
            "keys": .describe(
                "The answer each key gives, indexed by MIDI note 0…127; an empty string: that key answers nothing."),
            "keyCommits": .describe("A key commits the slider's value (matching)."),
            "taps": .describe("Every note-on is a tap, timed by its own timestamp (Fill the Gap)."),
            "bend": .describe("The pitch-bend wheel tunes the note (matching)."),
            "chords": .describe(
                "The keys pressed from one silence to the next (every key up) are one chord: it answers what the chord with exactly their pitch classes names (a numeral)."
            ),
        ]
    }
}
