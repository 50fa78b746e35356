import Foundation

/// What the API says of a scale-degree trial: the cadence's chords and the note, each with its
/// time and frequency (the server decides every one), the degrees to choose from with their labels
/// and keys, and the judged answer.
extension ScaleDegreeKind {
    public static let apiNames = APINames(
        trial: "ScaleDegree", result: "ScaleDegreeResult", record: "ScaleDegreeRecord")
    public static let playsNotes = true

    /// The note follows the cadence and its rest.
    public static var noteStart: Duration { Cadence.duration }

    public static func trialBody(_ trial: ScaleDegreeTrial, settings: TrainingSettings) -> ScaleDegreeFields {
        let reference = settings.referencePitch
        let key = MusicalKey(tonic: trial.tonic, mode: trial.mode)
        return ScaleDegreeFields(
            tonic: NoteDTO(trial.tonic, Frequency(note: trial.tonic, reference: reference)),
            keyName: key.tonic.name(in: .english),
            keyNames: LocalizedName(key.name(in:)), mode: trial.mode,
            cadence: trial.cadence.fields(reference: reference),
            note: NoteDTO(trial.note, Frequency(note: trial.note, reference: reference)),
            noteStartSeconds: noteStart.seconds,
            noteDurationSeconds: settings.noteDurationSeconds,
            choices: choices(trial.choices, mode: trial.mode, labels: settings[ScaleDegreeSettings.self].degreeLabels))
    }

    /// The degrees to answer with, named and keyed as the browser and `peach degrees` show them.
    /// Key n names the choice numbered n: the scale's own degree when both it and an altered one
    /// are offered (3 is the third of the key; ♭3 in a major key is a button only).
    public static func choices(_ degrees: [ScaleDegree], mode: ScaleMode, labels: DegreeLabels) -> [ScaleDegreeFields
        .Choice]
    {
        let byNumber = Dictionary(grouping: degrees, by: \.number)
        return degrees.map { degree in
            let numbered = byNumber[degree.number] ?? []
            let keyed =
                numbered.count == 1 ? numbered[0] : numbered.first { ScaleDegree.diatonic(in: mode).contains($0) }
            return ScaleDegreeFields.Choice(
                degree: degree, label: degree.label(labels), key: keyed == degree ? String(degree.number) : nil)
        }
    }

    public static func session(_ trial: ScaleDegreeTrial, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: noteStart.seconds)
    }

    /// The pitch class of the key played, counted from the tonic, names the degree (in any octave).
    public static func midi(_ trial: ScaleDegreeTrial) -> MIDIAnswers? {
        .pitchClasses(
            from: trial.tonic, Dictionary(uniqueKeysWithValues: trial.choices.map { ($0.semitones, $0.rawValue) }))
    }

    public static func result(_ record: CompletedScaleDegree, answer: ScaleDegree?, trial: ScaleDegreeTrial?)
        -> ScaleDegreeResult
    {
        ScaleDegreeResult(isCorrect: record.isCorrect, degree: record.degree, answeredDegree: record.answeredDegree)
    }
}

/// A scale-degree trial's own fields.
public struct ScaleDegreeFields: Codable, Sendable, APIDescribed {
    public struct Choice: Codable, Sendable, APIDescribed {
        public let degree: ScaleDegree
        public let label: String
        public let key: String?

        public static var apiNotes: [String: APINote] {
            [
                "label": .describe("The degree as the settings name it: a number (♭3) or a solfège syllable (me)."),
                "key": .describe(
                    "The keyboard key that answers it (1–7); absent for an altered degree whose number names the scale's own."
                ),
            ]
        }
    }

    public let tonic: NoteDTO
    /// The tonic's name without its octave, spelled as the key is written (E♭, not D♯).
    public let keyName: String
    /// The key's whole name: "E♭ major", "Es-Dur".
    public let keyNames: LocalizedName
    public let mode: ScaleMode
    public let cadence: [CadenceChord]
    public let note: NoteDTO
    public let noteStartSeconds: Double
    public let noteDurationSeconds: Double
    public let choices: [Choice]

    public static var apiNotes: [String: APINote] {
        [
            "cadence": .describe("I–IV–V–I (minor: i–iv–V–i) in the key, played before the note."),
            "note": .describe("The note whose degree is asked, in the octave above the tonic."),
            "choices": .describe("The degrees to answer with, lowest first."),
        ]
    }
}

/// 200 from a scale-degree answer.
public struct ScaleDegreeResult: Codable, Sendable {
    public let isCorrect: Bool
    public let degree: ScaleDegree
    public let answeredDegree: ScaleDegree
}

/// `{"answer": "b3"}`: a degree by its stored name.
public struct ScaleDegreeAnswerBody: KindAnswerBody {
    let answer: String?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let answer else { return nil }
        guard let degree = ScaleDegree(rawValue: answer) else {
            throw AnswerProblem(
                "answer",
                "answer must be one of \(ScaleDegree.allCases.map(\.rawValue)) (to Scale Degrees), got '\(answer)'")
        }
        return .degree(degree)
    }

    public static var apiNotes: [String: APINote] {
        [
            "answer": APINote().with("enum", ScaleDegree.allCases.map(\.rawValue)).describe(
                "A degree, one of the trial's choices.")
        ]
    }
}

extension ScaleDegreeKind {
    public typealias AnswerBody = ScaleDegreeAnswerBody
}

/// In the terminal: the cadence's chords in turn, the rest, then the note, at the times and levels
/// the browser is served; answers open as the note begins.
extension ScaleDegreeKind: ChoiceTrainingKind {
    public static func sounding(_ trial: ScaleDegreeTrial, settings: TrainingSettings) -> [SoundingTones] {
        let reference = settings.referencePitch
        let note = Tone(
            frequency: Frequency(note: trial.note, reference: reference),
            duration: .seconds(settings.noteDurationSeconds))
        return trial.cadence.sounding(reference: reference) + [SoundingTones(start: noteStart, tones: [note])]
    }
}
