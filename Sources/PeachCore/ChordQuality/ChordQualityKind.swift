import Foundation

extension Discipline {
    /// Chord Quality: a chord; is it major, minor, diminished…?
    public static let chordQuality = Discipline(declared: "chordQuality")
}

extension Discipline.Kind {
    public static let chordQuality = Discipline.Kind(rawValue: "chordQuality")
}

extension Discipline.AnswerMethod {
    /// One of the chosen chord qualities.
    public static let quality = Discipline.AnswerMethod(rawValue: "quality", hint: "name the chord's quality")
}

/// Chord Quality: a chord on a root that roves around C4, block or arpeggiated, in root
/// position or an inversion; the user names its quality. Qualities come on a Leitner schedule: the
/// ones the user confuses come back sooner.
public enum ChordQualityKind: NamingKind {
    public static let id = Discipline.Kind.chordQuality

    public static let disciplines = [
        DisciplineDeclaration(
            .chordQuality, names: .init(english: "Chord Quality", german: "Akkordtyp"),
            summary: .init(
                english: "Name a chord: major, minor …", german: "Benenne den Akkord: Dur, Moll …"),
            answerMethod: .quality,
            group: .harmony,
            settings: DisciplineDeclaration.noteSettings + ChordQualitySettings.names,
            terminalCommand: "peach chords")
    ]

    public static let ownSettings: (any KindSettings.Type)? = ChordQualitySettings.self

    public typealias Trial = ChordQualityTrial
    public typealias Answer = ChordQuality
    public typealias Record = CompletedChordQuality

    /// A quality as the schedule weighs the chosen ones, an inversion when they are chosen, and a
    /// bass that keeps the whole chord in the note range, around C4 where the range reaches it.
    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> ChordQualityTrial {
        let own = settings[ChordQualitySettings.self]
        let quality = chain.draw(from: own.chordQualities, using: &generator)
        let inversion = own.chordInversions ? Int.random(in: 0..<quality.semitones.count, using: &generator) : 0
        let offsets = ChordQualityTrial.offsets(quality, inversion: inversion)
        let bass = Int.random(
            in: MusicalRegister.closeChord.lowestNotes(span: offsets.last! - offsets.first!, in: settings.noteRange),
            using: &generator)
        return ChordQualityTrial(
            discipline, root: MIDINote(bass - offsets[0])!, quality: quality, inversion: inversion,
            voicing: own.chordVoicing,
            choices: own.chordQualities)
    }

    /// Qualities named by their chord symbol on C (C, Cm, C°…): short enough for a phone's table and
    /// the same in every language.
    public static func confusion(_ discipline: Discipline, in profile: ProfileParts) -> ConfusionMatrix? {
        profile[RecognitionProfile<ChordQuality>.self].confusion(order: ChordQuality.allCases) { "C" + $0.symbol }
    }
}

extension ChordQualityTrial: NamingTrial {
    public typealias Kind = ChordQualityKind
}

extension ChordQuality: KindAnswer {
    public typealias Kind = ChordQualityKind
}

extension CompletedChordQuality: NamingRecord {
    public typealias Kind = ChordQualityKind

    public enum Field: Int, CodingKey, CaseIterable {
        case rootNote, quality, inversion, voicing, answeredQuality
    }

    public static let correctness = "whether answeredQuality is quality"

    public var asked: ChordQuality { quality }

    public var answered: ChordQuality { answeredQuality }

    public var labels: RecordLabels { RecordLabels(discipline: .chordQuality) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            rootNote: try fields.decode(MIDINote.self, forKey: .rootNote),
            quality: try fields.decode(ChordQuality.self, forKey: .quality),
            inversion: try fields.decode(Int.self, forKey: .inversion),
            voicing: try fields.decode(ChordVoicing.self, forKey: .voicing),
            answeredQuality: try fields.decode(ChordQuality.self, forKey: .answeredQuality), timestamp: timestamp)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(rootNote, forKey: .rootNote)
        try fields.encode(quality, forKey: .quality)
        try fields.encode(inversion, forKey: .inversion)
        try fields.encode(voicing, forKey: .voicing)
        try fields.encode(answeredQuality, forKey: .answeredQuality)
    }

    public static func importBound(_ field: String) -> ImportBound? {
        field == Field.inversion.stringValue ? .integer(0...3, what: "an inversion") : nil
    }

    /// A triad has no third inversion, and every note of the chord is a MIDI note.
    public func importProblem() -> RecordFieldError? {
        if inversion >= quality.semitones.count {
            return RecordFieldError(
                field: Field.inversion.stringValue,
                problem: "must be below \(quality.semitones.count) for a \(quality.rawValue) chord")
        }
        let offsets = ChordQualityTrial.offsets(quality, inversion: inversion)
        if !(0...127).contains(rootNote.rawValue + offsets.first!) || rootNote.rawValue + offsets.last! > 127 {
            return RecordFieldError(
                field: Field.rootNote.stringValue, problem: "puts a note of the chord outside MIDI 0–127")
        }
        return nil
    }
}

extension Trial {
    public static func chordQuality(_ trial: ChordQualityTrial) -> Trial { Trial(trial) }
}

extension TrialAnswer {
    public static func quality(_ quality: ChordQuality) -> TrialAnswer { TrialAnswer(quality) }
}

extension TrainingRecord {
    public static func chordQuality(_ record: CompletedChordQuality) -> TrainingRecord { TrainingRecord(record) }
}
