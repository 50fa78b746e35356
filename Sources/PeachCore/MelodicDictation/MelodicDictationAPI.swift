import Foundation

/// What the API says of a Play it Back trial: the cadence's chords (as Scale Degrees plays them), the
/// melody's notes each with its time and frequency, and the keys to play it back on with theirs
/// (the server decides every frequency); then the answer judged note by note.
extension MelodicDictationKind {
    public static let apiNames = APINames(
        trial: "MelodicDictation", result: "MelodicDictationResult", record: "MelodicDictationRecord",
        profileSummary: "DictationProfile")
    public static let playsNotes = true

    /// From the trial's start to the melody's first note: the cadence, then its rest.
    public static var melodyStart: Duration { Cadence.duration }

    /// Each note of the melody lasts the note duration set, one straight after the other.
    static func noteStart(_ index: Int, settings: TrainingSettings) -> Duration {
        melodyStart + .seconds(settings.noteDurationSeconds) * index
    }

    public static func trialBody(_ trial: MelodicDictationTrial, settings: TrainingSettings) -> MelodicDictationFields {
        let reference = settings.referencePitch
        let key = MusicalKey(tonic: trial.tonic, mode: trial.mode)
        let dto = { (note: MIDINote, spelled: SpelledNote) in
            NoteDTO(note, Frequency(note: note, reference: reference), spelled: spelled)
        }
        let melody = key.spell(melody: trial.melody.notes)
        return MelodicDictationFields(
            tonic: dto(trial.tonic, key.spell(trial.tonic)), keyName: key.tonic.name(in: .english),
            keyNames: LocalizedName(key.name(in:)), mode: trial.mode,
            cadence: trial.cadence.fields(reference: reference),
            melody: trial.melody.notes.enumerated().map { index, note in
                MelodicDictationFields.MelodyNote(
                    note: dto(note, melody[index]), startSeconds: noteStart(index, settings: settings).seconds,
                    durationSeconds: settings.noteDurationSeconds)
            },
            keys: trial.keyboard.map { dto(MIDINote($0)!, key.spell(MIDINote($0)!)) },
            judging: MelodyJudging(trial.melody))
    }

    public static func session(_ trial: MelodicDictationTrial, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: noteStart(trial.melody.count, settings: settings).seconds)
    }

    public static func result(_ record: CompletedMelodicDictation, answer: Melody?, trial: MelodicDictationTrial?)
        -> MelodicDictationResult
    {
        let key = MusicalKey(tonic: record.tonicNote, mode: record.mode)
        let named = { (melody: Melody) in
            zip(melody.notes, key.spell(melody: melody.notes)).map { NoteName($0, spelled: $1) }
        }
        return MelodicDictationResult(
            isCorrect: record.isCorrect, melody: named(record.melody), answer: named(record.answer),
            notesCorrect: record.notesCorrect, correctNotes: record.correctNotes)
    }
}

/// A note by its MIDI number and its name, spelled in its key (B♭3 in F major).
public struct NoteName: Codable, Sendable, APIDescribed {
    public let midi: Int
    public let name: String
    public let names: LocalizedName

    public init(_ note: MIDINote, spelled: SpelledNote) {
        midi = note.rawValue
        name = spelled.name(in: .english)
        names = LocalizedName(spelled.name(in:))
    }

    public static var apiNotes: [String: APINote] {
        ["midi": .bounds(NoteRange.pianoRange), "names": .describe("The name in English and in German (B♭3, B3).")]
    }
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
    /// The tonic's name without its octave, spelled as the key is written (E♭, not D♯).
    public let keyName: String
    /// The key's whole name: "E♭ major", "Es-Dur".
    public let keyNames: LocalizedName
    public let mode: ScaleMode
    public let cadence: [CadenceChord]
    public let melody: [MelodyNote]
    public let keys: [NoteDTO]
    /// How the notes played back are judged, as the server judges them: the page shows the
    /// result at the last note and sends the answer in the background.
    public let judging: MelodyJudging

    public static var apiNotes: [String: APINote] {
        [
            "cadence": .describe("I–IV–V–I (minor: i–iv–V–i) in the key, played before the melody."),
            "melody": .describe("The melody's notes in order: the answer names as many."),
            "keys": .describe(
                "The keyboard to play it back on, lowest first: from the C at or below the melody's lowest note, at least two octaves and the C above."
            ),
            "judging": .describe(
                "How the notes played back are judged, exactly as the answer will be: the page shows the result at the last note."
            ),
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
        [
            "notesCorrect": .describe(
                "For each note in order: whether the note played is the melody's (pitch class and octave).")
        ]
    }
}

/// `{"playedNotes": [60, 62, 64, 67]}`: the melody as played back, MIDI note numbers in order.
public struct MelodicDictationAnswerBody: KindAnswerBody {
    let playedNotes: [Int]?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let playedNotes else { return nil }
        let range = NoteRange.pianoRange
        guard MelodyLength.range.contains(playedNotes.count), playedNotes.allSatisfy(range.contains),
            let melody = Melody(numbers: playedNotes)
        else {
            throw AnswerProblem(
                "playedNotes",
                "playedNotes must be \(MelodyLength.range.lowerBound) to \(MelodyLength.range.upperBound) MIDI notes from \(range.lowerBound) to \(range.upperBound) (to Play it Back), got \(playedNotes)"
            )
        }
        return .melody(melody)
    }

    public static var apiNotes: [String: APINote] {
        [
            "playedNotes": APINote().with("minItems", MelodyLength.range.lowerBound).with(
                "maxItems", MelodyLength.range.upperBound
            )
            .describe("The notes played back, MIDI numbers in order: as many as the melody has.")
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
            SoundingTones(
                start: noteStart(index, settings: settings),
                tones: [
                    Tone(
                        frequency: Frequency(note: note, reference: reference),
                        duration: .seconds(settings.noteDurationSeconds))
                ])
        }
        return trial.cadence.sounding(reference: reference) + melody
    }

    public static func whenAnswersOpen(_ trial: MelodicDictationTrial, settings: TrainingSettings) -> Duration {
        melodyStart
    }
}
