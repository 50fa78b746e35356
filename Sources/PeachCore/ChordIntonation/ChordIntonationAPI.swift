import Foundation

/// What the API says of a Which Voice trial: the three voices with their frequencies (the server
/// decides every frequency), and the judged answer.
extension ChordIntonationKind {
    public static let apiNames = APINames(
        trial: "ChordIntonation", result: "ChordIntonationResult", record: "ChordIntonationRecord")
    public static let playsNotes = true

    /// Long enough for a mistuned voice's beats to be heard at a few cents.
    public static let chordDuration = Duration.milliseconds(2500)
    /// Three voices sound at once: each a third of the power a single note has, so the chord is as
    /// loud as one note (10·log10 3).
    public static let voiceLevel = AmplitudeDB(-10 * log10(3.0))
    /// The chord is heard a moment before it can be judged.
    public static let answersOpen = Duration.milliseconds(500)

    public static func trialBody(_ trial: ChordIntonationTrial, settings: TrainingSettings) -> ChordIntonationFields {
        let frequencies = trial.frequencies(reference: settings.referencePitch)
        let notes = trial.notes()
        let chord = ChordSpelling(
            rootPitchClass: trial.root.rawValue % 12, quality: trial.triad == .major ? .major : .minor)
        // Each voice on its chord tone's letter: A♭ major is A♭ C E♭, never G♯ C D♯.
        let spelled = { (note: MIDINote) in
            SpelledNote(note, as: chord.tones.first { $0.pitchClass == note.rawValue % 12 }!)
        }
        return ChordIntonationFields(
            triad: trial.triad, tuningSystem: trial.tuningSystem,
            chordNames: LocalizedName(
                MusicalKey(tonic: chord.root, mode: trial.triad == .major ? .major : .minor).name(in:)),
            voices: ChordVoice.allCases.map { voice in
                ChordIntonationFields.Voice(
                    voice: voice, note: NoteDTO(notes[voice]!, frequencies[voice]!, spelled: spelled(notes[voice]!)),
                    levelDB: voiceLevel.rawValue)
            },
            centOffset: trial.centOffset.magnitude.rawValue, chordDurationSeconds: chordDuration.seconds,
            measurement: Nullable(
                trial.measurementTrial.map {
                    MeasurementProgress(trial: $0, maxTrials: ThresholdPlacement.maximumTrials)
                }))
    }

    public static func session(_ trial: ChordIntonationTrial, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: answersOpen.seconds)
    }

    public static func result(_ record: CompletedChordIntonation, answer: ChordVoice?, trial: ChordIntonationTrial?)
        -> ChordIntonationResult
    {
        ChordIntonationResult(
            isCorrect: record.isCorrect, detunedVoice: record.detunedVoice, centOffset: record.detuneCents.rawValue)
    }
}

/// A Which Voice trial's own fields.
public struct ChordIntonationFields: Codable, Sendable, APIDescribed {
    public struct Voice: Codable, Sendable, APIDescribed {
        public let voice: ChordVoice
        public let note: NoteDTO
        public let levelDB: Double

        public static var apiNotes: [String: APINote] {
            [
                "note": .describe("The voice's nearest note and its frequency as played, the detuning included."),
                "levelDB": .describe("The voice's level relative to a single note."),
            ]
        }
    }

    public let triad: Triad
    public let tuningSystem: TuningSystem
    /// The chord without an octave, its root spelled as the chord is written: "A♭ major",
    /// "G♯ minor"; in German "As-Dur", "gis-Moll".
    public let chordNames: LocalizedName
    public let voices: [Voice]
    public let centOffset: Double
    public let chordDurationSeconds: Double
    public let measurement: Nullable<MeasurementProgress>

    public static var apiNotes: [String: APINote] {
        [
            "measurement": .describe("A measurement run's trial: its place in the run; null for training."),
            "voices": .describe("Lowest first; one of them is detuned."),
            "centOffset": APINote.bounds(TrainingSettings.centDifferenceRange).describe(
                "How far the detuned voice is off, unsigned."),
        ]
    }
}

/// 200 from a Which Voice answer.
public struct ChordIntonationResult: Codable, Sendable {
    public let isCorrect: Bool
    public let detunedVoice: ChordVoice
    /// Signed: positive means the detuned voice was sharp.
    public let centOffset: Double
}

/// `{"answer": "lowest"|"middle"|"highest"}`: the field every choice of an answer is sent in.
public struct ChordVoiceAnswerBody: KindAnswerBody {
    let answer: String?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let answer else { return nil }
        guard let voice = ChordVoice(rawValue: answer) else {
            throw AnswerProblem("answer", "answer must be lowest, middle or highest (to Which Voice), got '\(answer)'")
        }
        return .voice(voice)
    }

    public static var apiNotes: [String: APINote] {
        [
            "answer": APINote().with("enum", ChordVoice.allCases.map(\.rawValue)).describe(
                "lowest, middle or highest, to Which Voice.")
        ]
    }
}

extension ChordIntonationKind {
    public typealias AnswerBody = ChordVoiceAnswerBody
}

/// In the terminal: the chord, all three voices at once, held for its duration; answers open as in
/// the browser.
extension ChordIntonationKind: ChoiceTrainingKind {
    public static func sounding(_ trial: ChordIntonationTrial, settings: TrainingSettings) -> [SoundingTones] {
        let frequencies = trial.frequencies(reference: settings.referencePitch)
        return [
            SoundingTones(
                start: .zero,
                tones: ChordVoice.allCases.map {
                    Tone(frequency: frequencies[$0]!, duration: chordDuration, level: voiceLevel)
                })
        ]
    }
}
