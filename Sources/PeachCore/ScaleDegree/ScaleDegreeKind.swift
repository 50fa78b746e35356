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
public enum ScaleDegreeKind: NamingKind {
    public static let id = Discipline.Kind.scaleDegree

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

    public typealias Trial = ScaleDegreeTrial
    public typealias Answer = ScaleDegree
    public typealias Record = CompletedScaleDegree

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
}

extension ScaleDegreeKind {
    /// Degrees named by number (♭3), whatever the labels chosen for training: the heat map reads the
    /// same in every key and mode.
    public static func confusion(_ discipline: Discipline, in profile: ProfileParts) -> ConfusionMatrix? {
        profile[RecognitionProfile<ScaleDegree>.self].confusion(order: ScaleDegree.allCases, name: \.numberLabel)
    }
}

extension ScaleDegreeTrial: NamingTrial {
    public typealias Kind = ScaleDegreeKind
}

extension ScaleDegree: KindAnswer {
    public typealias Kind = ScaleDegreeKind
}

extension CompletedScaleDegree: NamingRecord {
    public typealias Kind = ScaleDegreeKind

    public enum Field: Int, CodingKey, CaseIterable {
        case tonicNote, mode, degree, answeredDegree
    }

    public static let correctness = "whether answeredDegree is degree"

    public var asked: ScaleDegree { degree }

    public var answered: ScaleDegree { answeredDegree }

    public var labels: RecordLabels { RecordLabels(discipline: .scaleDegree) }

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
