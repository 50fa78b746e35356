import Foundation

/// What the API says of a Chord Progressions trial: the cadence's chords and the progression's, each
/// note with its frequency (the server tunes every one), the numerals to answer with and their keys,
/// and how the answer is judged; then each chord's judgement.
extension ChordProgressionKind {
    public static let apiNames = APINames(
        trial: "ChordProgression", result: "ChordProgressionResult", record: "ChordProgressionRecord")
    public static let playsNotes = true

    /// Each chord of the progression: longer than the cadence's, time to hear where it leads.
    public static let chordDuration = Duration.milliseconds(1000)
    /// The progression's last chord: held, as a phrase ends, so that the ear hears it arrive
    /// rather than expect another.
    public static let finalChordDuration = Duration.milliseconds(1600)

    /// From the trial's start: the cadence's chords at its pace, its rest, then the progression's.
    static func start(ofChord index: Int) -> Duration {
        let cadence = RomanNumeral.cadence(in: .major).count
        return index < cadence
            ? Cadence.chordDuration * index : Cadence.duration + chordDuration * (index - cadence)
    }

    static func duration(ofChord index: Int, of count: Int) -> Duration {
        index < RomanNumeral.cadence(in: .major).count
            ? Cadence.chordDuration : index == count - 1 ? finalChordDuration : chordDuration
    }

    /// Every chord's notes, each at its frequency: the cadence's chords first.
    static func chordFields(_ trial: ChordProgressionTrial, reference: ReferencePitch) -> [ProgressionChord] {
        trial.chords.enumerated().map { index, chord in
            ProgressionChord(
                numeral: chord.numeral, inversion: chord.inversion,
                name: chord.numeral.figured(inversion: chord.inversion), startSeconds: start(ofChord: index).seconds,
                durationSeconds: duration(ofChord: index, of: trial.chords.count).seconds,
                notes: chord.notes.map {
                    NoteDTO(
                        $0.note, trial.frequency($0.note, tone: $0.tone, of: chord.numeral, reference: reference))
                },
                levelDB: Cadence.voiceLevel.rawValue)
        }
    }

    public static func trialBody(_ trial: ChordProgressionTrial, settings: TrainingSettings) -> ChordProgressionFields {
        let key = MusicalKey(tonic: trial.tonic, mode: trial.mode)
        let chords = chordFields(trial, reference: settings.referencePitch)
        let cadence = RomanNumeral.cadence(in: trial.mode).count
        return ChordProgressionFields(
            keyName: key.tonic.name(in: .english), keyNames: LocalizedName(key.name(in:)), mode: trial.mode,
            tuningSystem: trial.tuningSystem, cadence: Array(chords[..<cadence]), chords: Array(chords[cadence...]),
            choices: trial.choices.map { ChordProgressionFields.Choice(numeral: $0, key: $0.key) },
            progressions: trial.progressions.enumerated().map {
                ChordProgressionFields.ProgressionChoice(progression: $1, key: String($0 + 1))
            },
            judging: ProgressionJudging(trial.progression))
    }

    /// Answers open as the progression's first chord sounds: a chord may be named while the next plays.
    public static func session(_ trial: ChordProgressionTrial, settings: TrainingSettings) -> TrialSession {
        TrialSession(answersOpenSeconds: Cadence.duration.seconds)
    }

    /// A chord played on a keyboard, in any octave and voicing, names the numeral whose chord it is
    /// in the trial's key: each choice's pitch classes. A progression named as a whole is no chord.
    public static func midi(_ trial: ChordProgressionTrial) -> MIDIAnswers? {
        guard trial.progressions.isEmpty else { return nil }
        return chords(of: trial.choices, tonic: trial.tonic)
    }

    /// Each of `numerals`' chords in the key of `tonic`, by its pitch classes, answering its numeral.
    static func chords(of numerals: [RomanNumeral], tonic: MIDINote) -> MIDIAnswers {
        .chords(
            numerals.map { numeral in
                let root = tonic.rawValue + numeral.root.semitones
                return MIDIAnswers.Chord(
                    pitchClasses: Set(numeral.quality.semitones.map { (root + $0) % 12 }), answer: numeral.rawValue)
            })
    }

    public static func result(
        _ record: CompletedChordProgression, answer: Progression?, trial: ChordProgressionTrial?
    ) -> ChordProgressionResult {
        ChordProgressionResult(
            isCorrect: record.isCorrect, numerals: record.progression.numerals,
            chordNames: record.chordNames,
            answered: record.answer.numerals,
            chordsCorrect: record.chordsCorrect, correctChords: record.correctChords,
            progression: Nullable(record.named?.played), answeredProgression: Nullable(record.named?.answered))
    }
}

/// One chord as the API serves it: the cadence's or the progression's.
public struct ProgressionChord: Codable, Sendable, APIDescribed {
    public let numeral: RomanNumeral
    /// The chord tone in the bass: 0 the root, 1 the third, 2 the fifth, 3 the seventh.
    public let inversion: Int
    /// The numeral with its inversion's figure: "V⁶", "I⁶₄", "V⁴₂"; root position the numeral alone.
    public let name: String
    public let startSeconds: Double
    public let durationSeconds: Double
    public let notes: [NoteDTO]
    public let levelDB: Double

    public static var apiNotes: [String: APINote] {
        [
            "startSeconds": .describe("From the trial's start."),
            "notes": .describe(
                "The bass first (the root, or in an inversion the chord tone `inversion` says), then the right hand's three voices lowest first, each at the frequency the trial's tuning gives it: in just intonation pure from the chord's root."
            ),
            "inversion": APINote().with("minimum", 0).with("maximum", 3).describe(
                "The chord tone in the bass: 0 root position, 1 the third (first inversion), 2 the fifth, 3 the seventh."
            ),
            "name": .describe(
                "The numeral with its inversion's figure, for showing: V⁶, I⁶₄, V⁶₅; root position the numeral alone."),
            "levelDB": .describe("Each note's level relative to a single note."),
        ]
    }
}

/// A Chord Progressions trial's own fields.
public struct ChordProgressionFields: Codable, Sendable, APIDescribed {
    public struct Choice: Codable, Sendable, APIDescribed {
        public let numeral: RomanNumeral
        public let key: String

        public static var apiNotes: [String: APINote] {
            ["key": .describe("The keyboard key that answers it: its scale step, 1–7; 8 for V7.")]
        }
    }

    /// A common progression to name the whole by (Common Progressions).
    public struct ProgressionChoice: Codable, Sendable, APIDescribed {
        public let progression: CommonProgression
        public let key: String

        public static var apiNotes: [String: APINote] {
            ["key": .describe("The keyboard key that answers it: its place in the list, from 1.")]
        }
    }

    /// The tonic's name without its octave, spelled as the key is written (E♭, not D♯).
    public let keyName: String
    /// The key's whole name: "E♭ major", "Es-Dur".
    public let keyNames: LocalizedName
    public let mode: ScaleMode
    public let tuningSystem: TuningSystem
    public let cadence: [ProgressionChord]
    public let chords: [ProgressionChord]
    public let choices: [Choice]
    /// The common progressions the whole is named from (Common Progressions); empty where each
    /// chord is named.
    public let progressions: [ProgressionChoice]
    /// How the numerals named are judged, as the server judges them: the page shows each chord's
    /// judgement at the last tap and sends the answer in the background.
    public let judging: ProgressionJudging

    public static var apiNotes: [String: APINote] {
        [
            "cadence": .describe("I–IV–V–I (minor: i–iv–V–i) in the key, played before the progression."),
            "chords": .describe("The progression's chords in order: the answer names as many."),
            "choices": .describe(
                "The numerals to answer with, in the order of their keys; empty where the progression is named as a whole."
            ),
            "progressions": .describe(
                "Common Progressions: the progressions (the user's choice) to name the whole by, in the order of their keys; empty where each chord is named."
            ),
            "judging": .describe(
                "How the numerals named are judged, exactly as the answer will be: the page shows the result at the last tap."
            ),
        ]
    }
}

/// 200 from a Chord Progressions answer: the numerals played, those named, each chord's judgement.
public struct ChordProgressionResult: Codable, Sendable, APIDescribed {
    public let isCorrect: Bool
    public let numerals: [RomanNumeral]
    /// Each chord played, named with its inversion's figure (V⁶).
    public let chordNames: [String]
    public let answered: [RomanNumeral]
    public let chordsCorrect: [Bool]
    public let correctChords: Int
    /// The common progression played, where it was named as a whole.
    public let progression: Nullable<CommonProgression>
    /// The common progression named for it.
    public let answeredProgression: Nullable<CommonProgression>

    public static var apiNotes: [String: APINote] {
        [
            "progression": .describe("Common Progressions: the progression played; null where each chord was named."),
            "answeredProgression": .describe(
                "Common Progressions: the progression named; null where each chord was named."),
            "chordsCorrect": .describe("For each chord in order: whether the numeral named is the one played."),
            "chordNames": .describe(
                "Each chord played, its numeral with its inversion's figure (V⁶); the numerals alone for an answer stored before records kept its inversions."
            ),
        ]
    }
}

/// `{"numerals": ["I", "IV", "V", "I"]}`: a numeral for each chord, in order; or, naming a common
/// progression as a whole, `{"answer": "ii-V-I"}`.
public struct ChordProgressionAnswerBody: KindAnswerBody {
    let numerals: [String]?
    let answer: String?

    public func trialAnswer() throws(AnswerProblem) -> TrialAnswer? {
        if let answer {
            guard let named = CommonProgression(rawValue: answer) else {
                throw AnswerProblem(
                    "answer",
                    "answer must be one of \(CommonProgression.allCases.map(\.rawValue)) (to Common Progressions), got '\(answer)'"
                )
            }
            return .progression(named.progression)
        }
        guard let numerals else { return nil }
        let parsed = numerals.compactMap(RomanNumeral.init(rawValue:))
        guard parsed.count == numerals.count, Progression.lengths.contains(parsed.count) else {
            throw AnswerProblem(
                "numerals",
                "numerals must be \(Progression.lengths.lowerBound) to \(Progression.lengths.upperBound) of \(RomanNumeral.allCases.map(\.rawValue)) (to Chord Progressions), got \(numerals)"
            )
        }
        return .progression(Progression(parsed))
    }

    public static var apiNotes: [String: APINote] {
        [
            "numerals": APINote().with("minItems", Progression.lengths.lowerBound).with(
                "maxItems", Progression.lengths.upperBound
            )
            .describe("A numeral for each chord in order, each one of the trial's choices."),
            "answer": APINote().with("enum", CommonProgression.allCases.map(\.rawValue)).describe(
                "A common progression, one of the trial's progressions."),
        ]
    }
}

extension ChordProgressionKind {
    public typealias AnswerBody = ChordProgressionAnswerBody
}

/// In the terminal: the cadence's chords and the progression's, at the times, levels and
/// frequencies the browser is served.
extension ChordProgressionKind: ChoiceTrainingKind {
    public static func sounding(_ trial: ChordProgressionTrial, settings: TrainingSettings) -> [SoundingTones] {
        trial.chords.enumerated().map { index, chord in
            SoundingTones(
                start: start(ofChord: index),
                tones: chord.notes.map {
                    Tone(
                        frequency: trial.frequency(
                            $0.note, tone: $0.tone, of: chord.numeral, reference: settings.referencePitch),
                        duration: duration(ofChord: index, of: trial.chords.count), level: Cadence.voiceLevel)
                })
        }
    }
}
