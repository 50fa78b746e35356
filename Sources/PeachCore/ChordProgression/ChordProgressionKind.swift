import Foundation

extension Discipline {
    /// Chord Progressions: a cadence sets a key, then three to five chords; name each by numeral.
    public static let chordProgression = Discipline(declared: "chordProgression")
    /// Common Progressions: a cadence sets a key, then a progression known by name; name it.
    public static let commonProgression = Discipline(declared: "commonProgression")
}

extension Discipline.Kind {
    public static let chordProgression = Discipline.Kind(rawValue: "chordProgression")
}

extension Discipline.AnswerMethod {
    /// Each chord of a progression named by its Roman numeral, in order.
    public static let numerals = Discipline.AnswerMethod(
        rawValue: "numerals", hint: "name each chord by its Roman numeral")
    /// A progression named as a whole, one of the few the user chose.
    public static let progression = Discipline.AnswerMethod(
        rawValue: "progression", hint: "name the progression played")
}

/// Chord Progressions: a cadence (I–IV–V–I, in minor i–iv–V–i) in a key that roves over the twelve,
/// then a progression in it, voiced as a pianist would (`ProgressionVoicing`) and tuned as the
/// user's tuning setting says (just: every chord pure from its root, no drift). In the first
/// discipline the user names each of three to five chords by its Roman numeral; the numerals come
/// on one Leitner schedule and the set grows as they are mastered (`ProgressionLadder`). In the
/// second the progression is one of the common ones the user chose (`CommonProgression`), named as
/// a whole; they come on a Leitner schedule of their own. Both store the numerals played and named,
/// and each chord's inversion as played.
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
            settings: DisciplineDeclaration.noteSettings + ["tuningSystem", "progressionInversions"],
            terminalCommand: "peach progressions"),
        DisciplineDeclaration(
            .commonProgression, names: .init(english: "Common Progressions", german: "Bekannte Akkordfolgen"),
            summary: .init(
                english: "Name the whole progression: ii–V–I, 12-bar blues …",
                german: "Benenne die ganze Akkordfolge: ii–V–I, 12-taktiger Blues …"),
            answerMethod: .progression,
            group: .harmony,
            settings: DisciplineDeclaration.noteSettings + ["tuningSystem"] + ChordProgressionSettings.names,
            terminalCommand: "peach progressions --common"),
    ]

    public static let ownSettings: (any KindSettings.Type)? = ChordProgressionSettings.self

    public typealias Trial = ChordProgressionTrial
    public typealias Answer = Progression
    public typealias Record = CompletedChordProgression
    public typealias Chain = ProgressionChains
    public typealias ProfilePart = ProgressionProfile
    public typealias ProfileSummary = ProgressionSummary

    public static var freshChain: ProgressionChains { ProgressionChains() }

    /// Enough for every numeral, and every common progression, to have climbed or fallen through
    /// all the boxes.
    public static let resumedAnswers = 200

    /// A tonic of the twelve in the bass's octave, inverted where the bass line asks for it if the
    /// setting says so or the ladder has reached its last step. Numerals: a mode the ladder trains and a progression it draws; the numerals
    /// to answer with are the mode's trained ones. Common progressions: one of those chosen as their
    /// schedule weighs them, in major, named from the chosen ones.
    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> ChordProgressionTrial {
        let own = settings[ChordProgressionSettings.self]
        if discipline == .commonProgression {
            let tonic = MIDINote(ProgressionVoicing.bassOctave.randomElement(using: &generator)!)!
            return ChordProgressionTrial(
                discipline, tonic: tonic, mode: .major,
                progression: chain.common.draw(from: own.commonProgressions, using: &generator).progression,
                tuningSystem: settings.tuningSystem, inversions: own.progressionInversions, choices: [],
                progressions: own.commonProgressions)
        }
        let ladder = chain.ladder
        let mode = ladder.modes.randomElement(using: &generator)!
        let tonic = MIDINote(ProgressionVoicing.bassOctave.randomElement(using: &generator)!)!
        return ChordProgressionTrial(
            discipline, tonic: tonic, mode: mode, progression: ladder.draw(in: mode, using: &generator),
            tuningSystem: settings.tuningSystem, inversions: own.progressionInversions || ladder.step.inversions,
            choices: RomanNumeral.offered(in: mode).filter(ladder.numerals(in: mode).contains))
    }

    public static func advance(_ chain: inout Chain, after record: CompletedChordProgression) {
        if let named = record.named {
            chain.common.record(asked: named.played, answered: named.answered)
        } else {
            chain.ladder.record(played: record.progression, answered: record.answer, in: record.mode)
        }
    }

    /// An answer names every chord, each with one of the trial's numerals; or, naming a common
    /// progression, one of the trial's.
    public static func judge(_ trial: ChordProgressionTrial, _ answer: Progression, at timestamp: Date)
        -> CompletedChordProgression?
    {
        let fits =
            trial.discipline == .commonProgression
            ? trial.progressions.map(\.progression).contains(answer)
            : answer.count == trial.progression.count && answer.numerals.allSatisfy(trial.choices.contains)
        return fits ? CompletedChordProgression(trial, answer: answer, timestamp: timestamp) : nil
    }

    /// A common progression is named by its name: each offered one is judged when the trial is
    /// drawn, so that the page shows the result at the tap. Numerals are judged from `judging`.
    public static func choices(_ trial: ChordProgressionTrial) -> [String: Progression] {
        Dictionary(uniqueKeysWithValues: trial.progressions.map { ($0.rawValue, $0.progression) })
    }

    /// Chord by chord, or a common progression as a whole: what was named for each played.
    public static func feed(_ record: CompletedChordProgression, into part: inout ProfilePart) {
        if let named = record.named {
            part.common.add(asked: named.played, answered: named.answered, at: record.timestamp)
            return
        }
        for (asked, named) in zip(record.progression.numerals, record.answer.numerals) {
            part.numerals.add(asked: asked, answered: named, at: record.timestamp)
        }
        part.addMoves(played: record.progression.numerals, named: record.answer.numerals, in: record.mode)
    }

    /// Each chord change's share named right, the hardest first; none in the common-progressions
    /// discipline, which names no chord on its own.
    public static func profileSummary(_ discipline: Discipline, in profile: ProfileParts) -> ProgressionSummary? {
        ProgressionSummary(discipline == .chordProgression ? profile[ProfilePart.self].moves : [:])
    }

    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        discipline == .commonProgression
            ? profile[ProfilePart.self].common.sparkline : profile[ProfilePart.self].numerals.sparkline
    }

    /// Major's numerals, then minor's own, then V7; the common progressions in their order.
    public static func confusion(_ discipline: Discipline, in profile: ProfileParts) -> ConfusionMatrix? {
        discipline == .commonProgression
            ? profile[ProfilePart.self].common.confusion(order: CommonProgression.allCases, name: \.symbol)
            : profile[ProfilePart.self].numerals.confusion(order: RomanNumeral.allCases) { $0.rawValue }
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
        case tonicNote, mode, progression, answer, inversions
    }

    /// For people reading a file: how many chords were named right and whether all were.
    public struct Derived: DerivedFields {
        public let correctChords: Int
        public let isCorrect: Bool
    }

    public var labels: RecordLabels { RecordLabels(discipline: discipline, tuningSystem: tuningSystem) }

    public var derived: Derived { Derived(correctChords: correctChords, isCorrect: isCorrect) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            tonicNote: try fields.decode(MIDINote.self, forKey: .tonicNote),
            mode: try fields.decode(ScaleMode.self, forKey: .mode),
            progression: try fields.decode(Progression.self, forKey: .progression),
            answer: try fields.decode(Progression.self, forKey: .answer),
            inversions: try fields.decodeIfPresent(ChordInversions.self, forKey: .inversions),
            tuningSystem: labels.tuningSystem, timestamp: timestamp, discipline: labels.discipline)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(tonicNote, forKey: .tonicNote)
        try fields.encode(mode, forKey: .mode)
        try fields.encode(progression, forKey: .progression)
        try fields.encode(answer, forKey: .answer)
        try fields.encodeIfPresent(inversions, forKey: .inversions)
    }

    public func importProblem() -> RecordFieldError? {
        if let problem = discipline == .commonProgression ? commonProblem : numeralsProblem { return problem }
        if let problem = inversionsProblem { return problem }
        if !ProgressionVoicing.bassOctave.contains(tonicNote.rawValue) {
            return RecordFieldError(
                field: "tonicNote",
                problem:
                    "must be in the bass's octave, MIDI \(ProgressionVoicing.bassOctave.lowerBound)–\(ProgressionVoicing.bassOctave.upperBound)"
            )
        }
        return nil
    }

    /// A progression named as a whole is a common one in major, and so is the one named for it.
    private var commonProblem: RecordFieldError? {
        let names = CommonProgression.allCases.map(\.rawValue).joined(separator: ", ")
        if CommonProgression(progression) == nil {
            return RecordFieldError(field: "progression", problem: "must be the numerals of one of \(names)")
        }
        if CommonProgression(answer) == nil {
            return RecordFieldError(field: "answer", problem: "must be the numerals of one of \(names)")
        }
        return mode == .major ? nil : RecordFieldError(field: "mode", problem: "must be major")
    }

    /// Numerals named chord by chord: as many as played, each of the key's.
    private var numeralsProblem: RecordFieldError? {
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
        return nil
    }

    /// One inversion for each chord played, each one its chord has: a triad has no third inversion.
    private var inversionsProblem: RecordFieldError? {
        guard let inversions else { return nil }
        if inversions.count != progression.count {
            return RecordFieldError(
                field: "inversions", problem: "must have one inversion for each chord of progression")
        }
        guard
            let numeral = zip(progression.numerals, inversions.inversions).first(where: {
                $1 >= $0.quality.semitones.count
            })?.0
        else { return nil }
        return RecordFieldError(
            field: "inversions",
            problem:
                "must be an inversion each chord has: \(numeral.rawValue) has none beyond \(numeral.quality.semitones.count - 1)"
        )
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
