import Foundation

/// What the API says of a chord-quality trial: each note with its time, length and frequency (the
/// server decides every one), the qualities to choose from with their keys, and the judged answer.
extension ChordQualityKind {
    public static let apiNames = APINames(
        trial: "ChordQuality", result: "ChordQualityResult", record: "ChordQualityRecord")
    public static let playsNotes = true

    /// How long the whole chord sounds once its last note has come in: long enough to hear its colour.
    public static let chordDuration = Duration.milliseconds(1600)
    /// Between an arpeggio's notes: quick enough to hear one chord, slow enough to hear each note.
    public static let arpeggioStep = Duration.milliseconds(350)
    /// The full chord is heard a moment before it can be named.
    public static let answerDelay = Duration.milliseconds(300)

    /// Each note's start, from the trial's start: together, or from the bass up.
    static func starts(_ trial: ChordQualityTrial) -> [Duration] {
        trial.notes.indices.map { trial.voicing == .arpeggio ? arpeggioStep * $0 : .zero }
    }

    static func answersOpen(_ trial: ChordQualityTrial) -> Duration { starts(trial).last! + answerDelay }

    /// Every note as loud as the others and the chord as loud as one note (10·log10 n below it).
    static func voiceLevel(_ trial: ChordQualityTrial) -> AmplitudeDB {
        AmplitudeDB(-10 * log10(Double(trial.notes.count)))
    }

    public static func trialBody(_ trial: ChordQualityTrial, settings: TrainingSettings) -> ChordQualityFields {
        let starts = starts(trial)
        let end = starts.last! + chordDuration
        return ChordQualityFields(
            rootName: ChordSpelling(rootPitchClass: trial.root.rawValue % 12, quality: trial.quality).root.name(
                in: .english), voicing: trial.voicing, inversion: trial.inversion,
            notes: zip(trial.notes, starts).map { note, start in
                ChordQualityFields.Note(
                    note: NoteDTO(note, Frequency(note: note, reference: settings.referencePitch)),
                    startSeconds: start.seconds,
                    durationSeconds: (end - start).seconds, levelDB: voiceLevel(trial).rawValue)
            },
            choices: choices(trial.choices))
    }

    /// The qualities to answer with, keyed 1, 2, 3… in the order shown (eight at most).
    public static func choices(_ qualities: [ChordQuality]) -> [ChordQualityFields.Choice] {
        qualities.enumerated().map { ChordQualityFields.Choice(quality: $1, symbol: $1.symbol, key: String($0 + 1)) }
    }

    public static func session(_ trial: ChordQualityTrial, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: answersOpen(trial).seconds)
    }

    public static func result(_ record: CompletedChordQuality, answer: ChordQuality?, trial: ChordQualityTrial?)
        -> ChordQualityResult
    {
        let spelling = ChordSpelling(rootPitchClass: record.rootNote.rawValue % 12, quality: record.quality)
        return ChordQualityResult(
            isCorrect: record.isCorrect, quality: record.quality, answeredQuality: record.answeredQuality,
            chord: spelling.symbol(in: .english), chordNames: LocalizedName(spelling.symbol(in:)),
            inversion: record.inversion)
    }
}

/// A chord-quality trial's own fields.
public struct ChordQualityFields: Codable, Sendable, APIDescribed {
    public struct Note: Codable, Sendable, APIDescribed {
        public let note: NoteDTO
        public let startSeconds: Double
        public let durationSeconds: Double
        public let levelDB: Double

        public static var apiNotes: [String: APINote] {
            [
                "startSeconds": .describe(
                    "From the trial's start: all 0 for a block chord, one after another for an arpeggio."),
                "durationSeconds": .describe("Every note stops together, when the chord ends."),
                "levelDB": .describe("Each note's level relative to a single note."),
            ]
        }
    }

    public struct Choice: Codable, Sendable, APIDescribed {
        public let quality: ChordQuality
        public let symbol: String
        public let key: String

        public static var apiNotes: [String: APINote] {
            [
                "symbol": .describe("The chord symbol's suffix (m, °, +, 7, maj7, m7, ø7; empty for major)."),
                "key": .describe("The keyboard key that answers it (1–8)."),
            ]
        }
    }

    /// The root's name without its octave, spelled as the chord is written (A♭, G♯m): the chord is
    /// "\(rootName)\(symbol)".
    public let rootName: String
    public let voicing: ChordVoicing
    public let inversion: Int
    public let notes: [Note]
    public let choices: [Choice]

    public static var apiNotes: [String: APINote] {
        [
            "inversion": APINote.bounds(0...3).describe("0 for root position, 1 for the third in the bass, and so on."),
            "notes": .describe("The chord's notes, bass first."),
            "choices": .describe("The qualities to answer with, in the order shown."),
        ]
    }
}

/// 200 from a chord-quality answer.
public struct ChordQualityResult: Codable, Sendable {
    public let isCorrect: Bool
    public let quality: ChordQuality
    public let answeredQuality: ChordQuality
    /// The chord played, as a lead sheet names it (C♯m7, A♭).
    public let chord: String
    /// The same in English and German lead-sheet spelling (B♭m, Bm).
    public let chordNames: LocalizedName
    public let inversion: Int
}

/// `{"answer": "minor7"}`: a quality by its stored name.
public struct ChordQualityAnswerBody: KindAnswerBody {
    let answer: String?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        guard let answer else { return nil }
        guard let quality = ChordQuality(rawValue: answer) else {
            throw AnswerProblem(
                "answer",
                "answer must be one of \(ChordQuality.allCases.map(\.rawValue)) (to Chord Quality), got '\(answer)'")
        }
        return .quality(quality)
    }

    public static var apiNotes: [String: APINote] {
        [
            "answer": APINote().with("enum", ChordQuality.allCases.map(\.rawValue)).describe(
                "A quality, one of the trial's choices.")
        ]
    }
}

extension ChordQualityKind {
    public typealias AnswerBody = ChordQualityAnswerBody
}

/// In the terminal: the chord's notes at the times and levels the browser is served; answers open
/// once the whole chord has sounded a moment.
extension ChordQualityKind: ChoiceTrainingKind {
    public static func sounding(_ trial: ChordQualityTrial, settings: TrainingSettings) -> [SoundingTones] {
        let starts = starts(trial)
        let end = starts.last! + chordDuration
        return zip(trial.notes, starts).map { note, start in
            SoundingTones(
                start: start,
                tones: [
                    Tone(
                        frequency: Frequency(note: note, reference: settings.referencePitch), duration: end - start,
                        level: voiceLevel(trial))
                ])
        }
    }
}
