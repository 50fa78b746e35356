import Foundation

extension Discipline {
    /// Scale Degrees: a cadence sets a key, then one note; which degree is it?
    public static let scaleDegree = Discipline(declared: "scaleDegree")
}

extension Discipline.Kind {
    public static let scaleDegree = Discipline.Kind(rawValue: "scaleDegree")
}

extension Discipline.AnswerMethod {
    /// One of the key's degrees, named by number or by solfège.
    public static let degree = Discipline.AnswerMethod(rawValue: "degree", hint: "name the note's degree in the key")
}

/// Scale Degrees: I–IV–V–I in a key that roves over the note range, then a note of that key; the
/// user names its degree. The degrees come on a Leitner schedule: the ones the user confuses come
/// back sooner.
public enum ScaleDegreeKind: ReplayedChainKind {
    public static let id = Discipline.Kind.scaleDegree
    public static let table = "scaleDegree"

    public static let disciplines = [
        DisciplineDeclaration(
            .scaleDegree, names: .init(english: "Scale Degrees", german: "Tonstufen"),
            summary: .init(english: "Name a note’s degree in the key.", german: "Benenne die Stufe eines Tons."),
            answerMethod: .degree,
            group: .harmony,
            settings: DisciplineDeclaration.noteSettings + ScaleDegreeSettings.names,
            terminalCommand: "peach degrees")
    ]

    public static let ownSettings: (any KindSettings.Type)? = ScaleDegreeSettings.self

    public typealias Chain = LeitnerSchedule<ScaleDegree>

    public static let freshChain = Chain()

    /// How many of the newest answers a restart replays into the schedule: enough for every degree
    /// to have climbed or fallen through all the boxes.
    public static let resumedAnswers = 200

    /// A tonic whose octave of degrees lies in the note range, a degree from the chosen ones as
    /// the schedule weighs them.
    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> ScaleDegreeTrial {
        let own = settings[ScaleDegreeSettings.self]
        let choices = own.choices
        // The dominant's leading tone sits a semitone below the tonic: it must be a piano key too.
        let lowest = max(settings.noteRange.lower.rawValue, NoteRange.pianoRange.lowerBound + 1)
        let tonic = MIDINote(Int.random(in: lowest...(settings.noteRange.upper.rawValue - 11), using: &generator))!
        return ScaleDegreeTrial(
            discipline, tonic: tonic, mode: own.scaleMode, degree: chain.draw(from: choices, using: &generator),
            choices: choices)
    }

    public static func advance(_ chain: inout Chain, after record: CompletedScaleDegree) {
        chain.record(asked: record.degree, answered: record.answeredDegree)
    }

    /// Only a degree the trial offered is an answer to it.
    public static func judge(_ trial: ScaleDegreeTrial, _ answer: ScaleDegree, at timestamp: Date)
        -> CompletedScaleDegree?
    {
        trial.choices.contains(answer) ? CompletedScaleDegree(trial, answer: answer, timestamp: timestamp) : nil
    }

    public static func feed(_ record: CompletedScaleDegree, into part: inout RecognitionProfile<ScaleDegree>) {
        part.add(asked: record.degree, answered: record.answeredDegree, at: record.timestamp)
    }

    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        profile[RecognitionProfile<ScaleDegree>.self].sparkline
    }
}

extension ScaleDegreeKind {
    /// Degrees named by number (♭3), whatever the labels chosen for training: the heat map reads the
    /// same in every key and mode.
    public static func confusion(_ discipline: Discipline, in profile: ProfileParts) -> ConfusionMatrix? {
        profile[RecognitionProfile<ScaleDegree>.self].confusion(order: ScaleDegree.allCases, name: \.numberLabel)
    }
}

extension ScaleDegreeTrial: KindTrial {
    public typealias Kind = ScaleDegreeKind
}

extension ScaleDegree: KindAnswer {
    public typealias Kind = ScaleDegreeKind
}

extension CompletedScaleDegree: KindRecord {
    public typealias Kind = ScaleDegreeKind

    public enum Field: Int, CodingKey, CaseIterable {
        case tonicNote, mode, degree, answeredDegree
    }

    /// Whether the answer was right, for people reading a file: the two degrees are what is stored.
    public struct Derived: DerivedFields {
        public let isCorrect: Bool
    }

    public var labels: RecordLabels { RecordLabels(discipline: .scaleDegree) }

    public var derived: Derived { Derived(isCorrect: isCorrect) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            tonicNote: try fields.decode(MIDINote.self, forKey: .tonicNote),
            mode: try fields.decode(ScaleMode.self, forKey: .mode),
            degree: try fields.decode(ScaleDegree.self, forKey: .degree),
            answeredDegree: try fields.decode(ScaleDegree.self, forKey: .answeredDegree), timestamp: timestamp)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(tonicNote, forKey: .tonicNote)
        try fields.encode(mode, forKey: .mode)
        try fields.encode(degree, forKey: .degree)
        try fields.encode(answeredDegree, forKey: .answeredDegree)
    }

    public func disagreement(with stated: Derived) -> RecordFieldError? {
        stated.isCorrect == isCorrect
            ? nil : RecordFieldError(field: "isCorrect", problem: "is not whether answeredDegree is degree")
    }
}

extension Trial {
    public static func scaleDegree(_ trial: ScaleDegreeTrial) -> Trial { Trial(trial) }
}

extension TrialAnswer {
    public static func degree(_ degree: ScaleDegree) -> TrialAnswer { TrialAnswer(degree) }
}

extension TrainingRecord {
    public static func scaleDegree(_ record: CompletedScaleDegree) -> TrainingRecord { TrainingRecord(record) }
}
