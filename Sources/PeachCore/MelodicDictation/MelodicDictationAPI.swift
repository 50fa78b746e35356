import Foundation

/// What the API says of a Play it Back trial: the cadence's chords (as Scale Degrees plays them), the
/// melody's notes each with its time and frequency, and the keys to play it back on with theirs
/// (the server decides every frequency); then the answer judged note by note.
extension MelodicDictationKind {
    public static let apiNames = APINames(
        trial: "MelodicDictation", result: "MelodicDictationResult", record: "MelodicDictationRecord", profileSummary: "DictationProfile")
    public static let playsNotes = true

    /// From the trial's start to the melody's first note: the cadence, then its rest.
    public static var melodyStart: Duration { Cadence.duration }

    /// Each note of the melody lasts the note duration set, one straight after the other.
    static func noteStart(_ index: Int, settings: TrainingSettings) -> Duration {
        melodyStart + .seconds(settings.noteDurationSeconds) * index
    }

    public static func trialBody(_ trial: MelodicDictationTrial, settings: TrainingSettings) -> MelodicDictationFields {
        let reference = settings.referencePitch
        let dto = { (note: MIDINote) in NoteDTO(note, Frequency(note: note, reference: reference)) }
        return MelodicDictationFields(
            tonic: dto(trial.tonic), keyName: trial.tonic.pitchClassName, mode: trial.mode,
            cadence: trial.cadence.fields(reference: reference),
            melody: trial.melody.notes.enumerated().map { index, note in
                MelodicDictationFields.MelodyNote(
                    note: dto(note), startSeconds: noteStart(index, settings: settings).seconds, durationSeconds: settings.noteDurationSeconds)
            },
            keys: trial.keyboard.map { dto(MIDINote($0)!) })
    }

    public static func session(_ trial: MelodicDictationTrial, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: noteStart(trial.melody.count, settings: settings).seconds)
    }

    public static func result(_ record: CompletedMelodicDictation, answer: Melody?, trial: MelodicDictationTrial?) -> MelodicDictationResult {
        MelodicDictationResult(
            isCorrect: record.isCorrect, melody: record.melody.notes.map(NoteName.init), answer: record.answer.notes.map(NoteName.init),
            notesCorrect: record.notesCorrect, correctNotes: record.correctNotes)
    }
}

/// A note by its MIDI number and its name (C♯4).
public struct NoteName: Codable, Sendable, APIDescribed {
    public let midi: Int
    public let name: String

    public init(_ note: MIDINote) {
        midi = note.rawValue
        name = note.name
    }

    public static var apiNotes: [String: APINote] { ["midi": .bounds(NoteRange.pianoRange)] }
}

/// A Play it Back trial's own fields.
public struct MelodicDictationFields: Codable, Sendable, APIDescribed {
    public struct MelodyNote: Codable, Sendable, APIDescribed {
        public let note: NoteDTO
        public let startSeconds: Double
        public let durationSeconds: Double

        public static var apiNotes: [String: APINote] { ["startSeconds": .describe("From the trial's start.")] }
    }

    public let tonic: NoteDTO
    /// The tonic's name without its octave: the key is "\(keyName) \(mode)".
    public let keyName: String
    public let mode: ScaleMode
    public let cadence: [CadenceChord]
    public let melody: [MelodyNote]
    public let keys: [NoteDTO]

    public static var apiNotes: [String: APINote] {
        [
            "cadence": .describe("I–IV–V–I (minor: i–iv–V–i) in the key, played before the melody."),
            "melody": .describe("The melody's notes in order: the answer names as many."),
            "keys": .describe(
                "The keyboard to play it back on, lowest first: from the C at or below the melody's lowest note, at least two octaves and the C above."),
        ]
    }
}

/// 200 from a Play it Back answer: the melody, the notes played, and each note's judgement.
public struct MelodicDictationResult: Codable, Sendable, APIDescribed {
    public let isCorrect: Bool
    public let melody: [NoteName]
    public let answer: [NoteName]
    public let notesCorrect: [Bool]
    public let correctNotes: Int

    public static var apiNotes: [String: APINote] {
        ["notesCorrect": .describe("For each note in order: whether the note played is the melody's (pitch class and octave).")]
    }
}

/// `{"playedNotes": [60, 62, 64, 67]}`: the melody as played back, MIDI note numbers in order.
public struct MelodicDictationAnswerBody: KindAnswerBody {
    let playedNotes: [Int]?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let playedNotes else { return nil }
        let range = NoteRange.pianoRange
        guard MelodyLength.range.contains(playedNotes.count), playedNotes.allSatisfy(range.contains), let melody = Melody(numbers: playedNotes) else {
            throw AnswerProblem(
                "playedNotes",
                "playedNotes must be \(MelodyLength.range.lowerBound) to \(MelodyLength.range.upperBound) MIDI notes from \(range.lowerBound) to \(range.upperBound) (to Play it Back), got \(playedNotes)")
        }
        return .melody(melody)
    }

    public static var apiNotes: [String: APINote] {
        [
            "playedNotes": APINote().with("minItems", MelodyLength.range.lowerBound).with("maxItems", MelodyLength.range.upperBound)
                .describe("The notes played back, MIDI numbers in order: as many as the melody has."),
        ]
    }
}

extension MelodicDictationKind {
    public typealias AnswerBody = MelodicDictationAnswerBody
}

/// In the terminal: the cadence's chords in turn, the rest, then the melody's notes, at the times
/// and levels the browser is served; the notes may be typed from the melody's first note
/// (a terminal line is sent whole, so nothing is taken before Enter).
extension MelodicDictationKind: ChoiceTrainingKind {
    public static func sounding(_ trial: MelodicDictationTrial, settings: TrainingSettings) -> [SoundingTones] {
        let reference = settings.referencePitch
        let melody = trial.melody.notes.enumerated().map { index, note in
            SoundingTones(start: noteStart(index, settings: settings), tones: [
                Tone(frequency: Frequency(note: note, reference: reference), duration: .seconds(settings.noteDurationSeconds)),
            ])
        }
        return trial.cadence.sounding(reference: reference) + melody
    }

    public static func whenAnswersOpen(_ trial: MelodicDictationTrial, settings: TrainingSettings) -> Duration { melodyStart }
}
