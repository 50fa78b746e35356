/// A note as the client plays it: the server decides every frequency.
public struct NoteDTO: Codable, Sendable, APIDescribed {
    public let midi: Int
    /// Spelled in the trial's key where it has one (B♭3 in F major), else with sharps (A♯3).
    public let name: String
    public let names: LocalizedName?
    public let frequencyHz: Double

    public init(_ note: MIDINote, _ frequency: Frequency, spelled: SpelledNote? = nil) {
        midi = note.rawValue
        name = spelled?.name(in: .english) ?? note.name
        names = spelled.map { LocalizedName($0.name(in:)) }
        frequencyHz = frequency.hertz
    }

    public static var apiNotes: [String: APINote] {
        [
            "midi": .bounds(NoteRange.pianoRange),
            "names": .describe(
                "The note spelled in the trial's key, in English and German (B♭3, B3); absent where no key is set."),
        ]
    }
}

/// The interval a trial plays, with its size in the trial's tuning.
public struct IntervalDTO: Codable, Sendable, APIDescribed {
    public let name: Interval
    public let direction: IntervalDirection
    public let cents: Double

    public init(_ interval: DirectedInterval, _ tuning: TuningSystem) {
        name = interval.interval
        direction = interval.direction
        cents = interval.cents(in: tuning).rawValue
    }

    public static var apiNotes: [String: APINote] {
        ["cents": .describe("Signed size in the trial's tuning, measured from the played reference note.")]
    }
}

/// What every trial that plays notes says besides its own fields: the interval and tuning it is
/// played in and how long a note lasts. Written flat into the trial's object (`PitchTrialBody`).
public struct PlayedNotes: Codable, Sendable {
    public let interval: IntervalDTO
    public let tuningSystem: TuningSystem
    public let noteDurationSeconds: Double

    public init(_ interval: DirectedInterval, _ tuning: TuningSystem, settings: TrainingSettings) {
        self.interval = IntervalDTO(interval, tuning)
        tuningSystem = tuning
        noteDurationSeconds = settings.noteDurationSeconds
    }
}

/// A note-playing trial's body: `PlayedNotes` and its kind's own fields in one flat object.
public struct PitchTrialBody<Fields: Codable & Sendable & APIDescribed>: Codable, Sendable, APIDescribed {
    public let notes: PlayedNotes
    public let fields: Fields

    public init(notes: PlayedNotes, fields: Fields) {
        self.notes = notes
        self.fields = fields
    }

    public init(from decoder: any Decoder) throws {
        notes = try PlayedNotes(from: decoder)
        fields = try Fields(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try notes.encode(to: encoder)
        try fields.encode(to: encoder)
    }

    public static var apiNotes: [String: APINote] { Fields.apiNotes }
}
