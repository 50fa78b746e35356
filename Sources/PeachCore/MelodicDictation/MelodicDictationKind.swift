import Foundation

extension Discipline {
    /// Play it Back: a cadence sets a key, then a short melody; play it back.
    public static let melodicDictation = Discipline(declared: "melodicDictation")
}

extension Discipline.Kind {
    public static let melodicDictation = Discipline.Kind(rawValue: "melodicDictation")
}

extension Discipline.AnswerMethod {
    /// The notes of a melody, played on a keyboard in order.
    public static let melody = Discipline.AnswerMethod(rawValue: "melody", hint: "play the melody back note by note")
}

extension DisciplineDeclaration.Group {
    /// Hearing a line of notes: melodic dictation.
    public static let melody = DisciplineDeclaration.Group(rawValue: "melody")
}

/// Play it Back (melodic dictation): Scale Degrees' cadence in a key that roves over the note range,
/// then a melody of two to eight notes in it; the user plays it back on a keyboard. Each note is
/// judged on its own (pitch class and octave). The length adapts (`MelodyLength`): one note more
/// after three melodies in a row without a wrong note, one fewer after a miss.
public enum MelodicDictationKind: ReplayedChainKind {
    public static let id = Discipline.Kind.melodicDictation

    public static let disciplines = [
        DisciplineDeclaration(
            .melodicDictation, names: .init(english: "Play it Back", german: "Nachspielen"),
            summary: .init(english: "Play a short melody back.", german: "Spiele eine kurze Melodie nach."),
            answerMethod: .melody,
            group: .melody,
            settings: DisciplineDeclaration.noteSettings + MelodicDictationSettings.names,
            terminalCommand: "peach dictation")
    ]

    public static let ownSettings: (any KindSettings.Type)? = MelodicDictationSettings.self

    public typealias Chain = MelodyLength
    public typealias ProfileSummary = DictationSummary

    public static let freshChain = MelodyLength()

    /// The newest answers a restart replays: more than a streak and a miss need.
    public static let resumedAnswers = 20

    /// A tonic whose octave lies in the note range's singable part (the cadence's leading tone a
    /// piano key), and a melody there of the chain's length as the settings shape it.
    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> MelodicDictationTrial {
        let own = settings[MelodicDictationSettings.self]
        let sung = MusicalRegister.melody.narrowing(settings.noteRange)
        let lowest = max(sung.lower.rawValue, NoteRange.pianoRange.lowerBound + 1)
        let tonic = MIDINote(Int.random(in: lowest...(sung.upper.rawValue - 11), using: &generator))!
        let scale = DiatonicScale(tonic: tonic, mode: own.melodyMode)
        let melody = MelodyGenerator.melody(
            in: scale, length: chain.next(within: own.lengths), steps: own.melodySteps, span: own.melodySpan,
            noteRange: sung, using: &generator)
        return MelodicDictationTrial(discipline, tonic: tonic, mode: own.melodyMode, melody: melody)
    }

    public static func advance(_ chain: inout Chain, after record: CompletedMelodicDictation) {
        chain = chain.after(played: record.melody.count, allCorrect: record.isCorrect)
    }

    /// An answer has exactly the melody's number of notes.
    public static func judge(_ trial: MelodicDictationTrial, _ answer: Melody, at timestamp: Date)
        -> CompletedMelodicDictation?
    {
        answer.count == trial.melody.count
            ? CompletedMelodicDictation(trial, answer: answer, timestamp: timestamp) : nil
    }

    public static func feed(_ record: CompletedMelodicDictation, into part: inout DictationProfile) {
        part.add(record)
    }

    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        profile[DictationProfile.self].sparkline
    }

    public static func profileSummary(_ discipline: Discipline, in profile: ProfileParts) -> DictationSummary? {
        DictationSummary(profile[DictationProfile.self])
    }
}

extension MelodicDictationTrial: KindTrial {
    public typealias Kind = MelodicDictationKind
}

extension Melody: KindAnswer {
    public typealias Kind = MelodicDictationKind
}

extension CompletedMelodicDictation: KindRecord {
    public typealias Kind = MelodicDictationKind

    public enum Field: Int, CodingKey, CaseIterable {
        case tonicNote, mode, melody, answer
    }

    /// For people reading a file: how many notes were right and whether all were. The two melodies
    /// are what is stored, and each note's judgement follows from them.
    public struct Derived: DerivedFields {
        public let correctNotes: Int
        public let isCorrect: Bool
    }

    public var labels: RecordLabels { RecordLabels(discipline: .melodicDictation) }

    public var derived: Derived { Derived(correctNotes: correctNotes, isCorrect: isCorrect) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            tonicNote: try fields.decode(MIDINote.self, forKey: .tonicNote),
            mode: try fields.decode(ScaleMode.self, forKey: .mode),
            melody: try fields.decode(Melody.self, forKey: .melody),
            answer: try fields.decode(Melody.self, forKey: .answer),
            timestamp: timestamp)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(tonicNote, forKey: .tonicNote)
        try fields.encode(mode, forKey: .mode)
        try fields.encode(melody, forKey: .melody)
        try fields.encode(answer, forKey: .answer)
    }

    public func importProblem() -> RecordFieldError? {
        if !MelodyLength.range.contains(melody.count) {
            return RecordFieldError(
                field: "melody",
                problem: "must have \(MelodyLength.range.lowerBound) to \(MelodyLength.range.upperBound) notes")
        }
        if answer.count != melody.count {
            return RecordFieldError(field: "answer", problem: "must have as many notes as melody")
        }
        if !(melody.notes + answer.notes).allSatisfy({ NoteRange.pianoRange.contains($0.rawValue) }) {
            return RecordFieldError(
                field: "melody",
                problem:
                    "must be piano keys (MIDI \(NoteRange.pianoRange.lowerBound)–\(NoteRange.pianoRange.upperBound))")
        }
        return nil
    }

    public func disagreement(with stated: Derived) -> RecordFieldError? {
        if stated.correctNotes != correctNotes {
            return RecordFieldError(field: "correctNotes", problem: "is not how many notes of answer are melody's")
        }
        return stated.isCorrect == isCorrect
            ? nil : RecordFieldError(field: "isCorrect", problem: "is not whether answer is melody")
    }
}

extension Trial {
    public static func melodicDictation(_ trial: MelodicDictationTrial) -> Trial { Trial(trial) }
}

extension TrialAnswer {
    public static func melody(_ melody: Melody) -> TrialAnswer { TrialAnswer(melody) }
}

extension TrainingRecord {
    public static func melodicDictation(_ record: CompletedMelodicDictation) -> TrainingRecord {
        TrainingRecord(record)
    }
}
