/// One way Peach trains, by the name the store's `discipline` column, the API's `discipline` field,
/// the CSV and the URLs use. The kinds of training declare their disciplines
/// (`TrainingKind.disciplines`); this type only names them, so a new discipline edits no list here.
public struct Discipline: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    /// Nil for a name no kind declares.
    public init?(rawValue: String) {
        guard TrainingKinds.entries[rawValue] != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A kind's name for one of its own disciplines (its declaration makes the name valid).
    init(declared name: String) { rawValue = name }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let discipline = Discipline(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown discipline '\(name)'; one of \(Self.allCases.map(\.rawValue))"
            )
        }
        self = discipline
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Every kind's disciplines, in the registry's order.
    public static var allCases: [Discipline] { TrainingKinds.disciplines }

    public var declaration: DisciplineDeclaration { TrainingKinds.entries[rawValue]!.declaration }

    /// The kind of training it is, as a type: its trials, answers and records.
    public var trainingKind: any TrainingKind.Type { TrainingKinds.entries[rawValue]!.kind }

    /// What the user does: say higher or lower, tune a note, say early or late, or tap.
    public var kind: Kind { trainingKind.id }

    public var answerMethod: AnswerMethod { declaration.answerMethod }

    /// Whether the target is an interval above or below the reference rather than the same note.
    public var usesIntervals: Bool { declaration.usesIntervals }

    /// Whether its records may be in a tuning other than equal temperament: a kind that plays
    /// intervals, or a discipline that reads the tuning setting (a chord).
    public var playsTunings: Bool {
        trainingKind.hasIntervals || declaration.settings.contains { $0 == "tuningSystem" || $0 == "chordTuningSystem" }
    }

    /// The discipline of `kind` that trains intervals or unison: the first the kind declares (a
    /// kind without intervals has one discipline of each answer method, the first is its default).
    public init(kind: Kind, intervals: Bool) {
        self = TrainingKinds.disciplines.first {
            $0.kind == kind && ($0.usesIntervals == intervals || !$0.trainingKind.hasIntervals)
        }!
    }

    /// The intervals a trial may be drawn from under `settings`.
    public func intervals(_ settings: TrainingSettings) -> [DirectedInterval] {
        usesIntervals ? settings.intervals : [.unison]
    }

    /// Unison sounds the same in every tuning; only interval disciplines follow the setting.
    public func tuningSystem(_ settings: TrainingSettings) -> TuningSystem {
        usesIntervals ? settings.tuningSystem : .equalTemperament
    }

    public var description: String { rawValue }

    /// A kind of training by its stored name (`TrainingKind.id`).
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }
    }

    /// How a discipline is answered: the control the screen shows and the answer the API takes.
    public struct AnswerMethod: Hashable, Sendable, CustomStringConvertible {
        /// Its name in the catalogue of disciplines.
        public let rawValue: String
        /// What to send, in words for a client that sent something else ("answer higher or lower").
        public let hint: String

        public init(rawValue: String, hint: String) {
            self.rawValue = rawValue
            self.hint = hint
        }

        public static func == (lhs: AnswerMethod, rhs: AnswerMethod) -> Bool { lhs.rawValue == rhs.rawValue }

        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// Every method a declared discipline uses.
        public static var allCases: [AnswerMethod] {
            TrainingKinds.disciplines.map(\.answerMethod).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }

        public var description: String { rawValue }
    }
}
