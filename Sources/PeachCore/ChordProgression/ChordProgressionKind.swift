import Foundation

extension Discipline {
    /// Chord Progressions: a cadence sets a key, then three to five chords; name each by numeral.
    public static let chordProgression = Discipline(declared: "chordProgression")
}

extension Discipline.Kind {
    public static let chordProgression = Discipline.Kind(rawValue: "chordProgression")
}

extension Discipline.AnswerMethod {
    /// Each chord of a progression named by its Roman numeral, in order.
    public static let numerals = Discipline.AnswerMethod(
        rawValue: "numerals", hint: "name each chord by its Roman numeral")
}

/// Chord Progressions: a cadence (I–IV–V–I, in minor i–iv–V–i) in a key that roves over the twelve,
/// then a progression of three to five chords in it, voiced as a pianist would
/// (`ProgressionVoicing`) and tuned as the user's tuning setting says (just: every chord pure from
/// its root, no drift); the user names each chord by its Roman numeral. The numerals come on one
/// Leitner schedule and the set grows as they are mastered (`ProgressionLadder`).
public enum ChordProgressionKind: ReplayedChainKind {
    public static let id = Discipline.Kind.chordProgression

    public static let disciplines = [
        DisciplineDeclaration(
            .chordProgression, names: .init(english: "Chord Progressions", german: "Akkordfolgen"),
            summary: .init(
                english: "Name the chords in turn: I, IV, V …",
                german: "Benenne die Akkorde der Reihe nach: I, IV, V …"),
            answerMethod: .numerals,
            group: .harmony,
            settings: DisciplineDeclaration.noteSettings + ["tuningSystem"] + ChordProgressionSettings.names,
            terminalCommand: "peach progressions")
    ]

    public static let ownSettings: (any KindSettings.Type)? = ChordProgressionSettings.self

    public typealias Trial = ChordProgressionTrial
    public typealias Answer = Progression
    public typealias Record = CompletedChordProgression
    public typealias Chain = ProgressionLadder
    public typealias ProfilePart = RecognitionProfile<RomanNumeral>

    public static var freshChain: ProgressionLadder { ProgressionLadder() }

    /// Enough for every numeral to have climbed or fallen through all the boxes.
    public static let resumedAnswers = 200

    /// A mode the ladder trains, a tonic of the twelve in the bass's octave, and a progression the
    /// ladder draws, inverted where the bass line asks for it if the setting says so; the numerals to
    /// answer with are the mode's trained ones.
    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> ChordProgressionTrial {
        let mode = chain.modes.randomElement(using: &generator)!
        let tonic = MIDINote(ProgressionVoicing.bassOctave.randomElement(using: &generator)!)!
        return ChordProgressionTrial(
            discipline, tonic: tonic, mode: mode, progression: chain.draw(in: mode, using: &generator),
            tuningSystem: settings.tuningSystem,
            inversions: settings[ChordProgressionSettings.self].progressionInversions,
            choices: RomanNumeral.offered(in: mode).filter(chain.numerals(in: mode).contains))
    }

    public static func advance(_ chain: inout Chain, after record: CompletedChordProgression) {
        chain.record(played: record.progression, answered: record.answer)
    }

    /// An answer names every chord, each with one of the trial's numerals.
    public static func judge(_ trial: ChordProgressionTrial, _ answer: Progression, at timestamp: Date)
        -> CompletedChordProgression?
    {
        answer.count == trial.progression.count && answer.numerals.allSatisfy(trial.choices.contains)
            ? CompletedChordProgression(trial, answer: answer, timestamp: timestamp) : nil
    }

    /// Chord by chord: what was named for each numeral played.
    public static func feed(_ record: CompletedChordProgression, into part: inout ProfilePart) {
        for (asked, named) in zip(record.progression.numerals, record.answer.numerals) {
            part.add(asked: asked, answered: named, at: record.timestamp)
        }
    }

    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        profile[ProfilePart.self].sparkline
    }

    /// Major's numerals, then minor's own, then V7.
    public static func confusion(_ discipline: Discipline, in profile: ProfileParts) -> ConfusionMatrix? {
        profile[ProfilePart.self].confusion(order: RomanNumeral.allCases) { $0.rawValue }
    }
}

extension ChordProgressionTrial: KindTrial {
    public typealias Kind = ChordProgressionKind
}

extension Progression: KindAnswer {
    public typealias Kind = ChordProgressionKind
}

extension CompletedChordProgression: KindRecord {
    public typealias Kind = ChordProgressionKind

    public enum Field: Int, CodingKey, CaseIterable {
        case tonicNote, mode, progression, answer
    }

    /// For people reading a file: how many chords were named right and whether all were.
    public struct Derived: DerivedFields {
        public let correctChords: Int
        public let isCorrect: Bool
    }

    public var labels: RecordLabels { RecordLabels(discipline: .chordProgression, tuningSystem: tuningSystem) }

    public var derived: Derived { Derived(correctChords: correctChords, isCorrect: isCorrect) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            tonicNote: try fields.decode(MIDINote.self, forKey: .tonicNote),
            mode: try fields.decode(ScaleMode.self, forKey: .mode),
            progression: try fields.decode(Progression.self, forKey: .progression),
            answer: try fields.decode(Progression.self, forKey: .answer),
            tuningSystem: labels.tuningSystem, timestamp: timestamp)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(tonicNote, forKey: .tonicNote)
        try fields.encode(mode, forKey: .mode)
        try fields.encode(progression, forKey: .progression)
        try fields.encode(answer, forKey: .answer)
    }

    public func importProblem() -> RecordFieldError? {
        if !Progression.lengths.contains(progression.count) {
            return RecordFieldError(
                field: "progression",
                problem: "must have \(Progression.lengths.lowerBound) to \(Progression.lengths.upperBound) chords")
        }
        if answer.count != progression.count {
            return RecordFieldError(field: "answer", problem: "must have as many chords as progression")
        }
        let offered = RomanNumeral.offered(in: mode)
        if !(progression.numerals + answer.numerals).allSatisfy(offered.contains) {
            return RecordFieldError(field: "progression", problem: "must name only numerals of a \(mode.rawValue) key")
        }
        if !ProgressionVoicing.bassOctave.contains(tonicNote.rawValue) {
            return RecordFieldError(
                field: "tonicNote",
                problem:
                    "must be in the bass's octave, MIDI \(ProgressionVoicing.bassOctave.lowerBound)–\(ProgressionVoicing.bassOctave.upperBound)"
            )
        }
        return nil
    }

    public func disagreement(with stated: Derived) -> RecordFieldError? {
        if stated.correctChords != correctChords {
            return RecordFieldError(
                field: "correctChords", problem: "is not how many numerals of answer are progression's")
        }
        return stated.isCorrect == isCorrect
            ? nil : RecordFieldError(field: "isCorrect", problem: "is not whether answer is progression")
    }
}

extension Trial {
    public static func chordProgression(_ trial: ChordProgressionTrial) -> Trial { Trial(trial) }
}

extension TrialAnswer {
    public static func progression(_ progression: Progression) -> TrialAnswer { TrialAnswer(progression) }
}

extension TrainingRecord {
    public static func chordProgression(_ record: CompletedChordProgression) -> TrainingRecord {
        TrainingRecord(record)
    }
}
