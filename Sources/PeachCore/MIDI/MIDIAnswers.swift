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

    private init(keys: [String]? = nil, keyCommits: Bool = false, taps: Bool = false, bend: Bend? = nil) {
        self.keys = keys
        self.keyCommits = keyCommits
        self.taps = taps
        self.bend = bend
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

    /// The answer `key` gives; nil for a key that answers nothing.
    public func answer(forKey key: MIDINote) -> String? {
        guard let answer = keys?[key.rawValue], !answer.isEmpty else { return nil }
        return answer
    }

    public static var apiNotes: [String: APINote] {
        [
            "keys": .describe(
                "The answer each key gives, indexed by MIDI note 0…127; an empty string: that key answers nothing."),
            "keyCommits": .describe("A key commits the slider's value (matching)."),
            "taps": .describe("Every note-on is a tap, timed by its own timestamp (Fill the Gap)."),
            "bend": .describe("The pitch-bend wheel tunes the note (matching)."),
        ]
    }
}
