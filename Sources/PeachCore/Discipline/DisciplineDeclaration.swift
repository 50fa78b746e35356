/// What a kind says about one of its disciplines: everything the catalogue (`GET
/// /api/disciplines`), the screens and the terminal need to offer it.
public struct DisciplineDeclaration: Sendable {
    /// A name in each language the interface speaks.
    public struct Names: Hashable, Sendable {
        public let english: String
        public let german: String

        public init(english: String, german: String) {
            self.english = english
            self.german = german
        }
    }

    /// Where the Start screen lists a discipline. Open, like the kinds: a kind may declare a group of
    /// its own (`extension DisciplineDeclaration.Group { static let harmony = … }`), and the screens
    /// give a group they have never seen a section of its own.
    public struct Group: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public static let pitch = Group(rawValue: "pitch")
        public static let intervals = Group(rawValue: "intervals")
        public static let rhythm = Group(rawValue: "rhythm")

        /// Every group a declared discipline is in, in the order they first appear.
        public static var declared: [Group] {
            TrainingKinds.all.flatMap { $0.disciplines.map(\.group) }.reduce(into: []) {
                if !$0.contains($1) { $0.append($1) }
            }
        }
    }

    public let discipline: Discipline
    public let names: Names
    /// One line on what it trains, for a beginner choosing on Start.
    public let summary: Names
    public let answerMethod: Discipline.AnswerMethod
    public let usesIntervals: Bool
    public let group: Group
    /// The settings a trial of it reads, by their names in the API's settings (`SettingsUpdate`).
    public let settings: [String]
    /// The `peach` subcommand (with its options) that trains it in the terminal; nil where a
    /// terminal cannot (it has no microphone or cannot time a key press to the millisecond).
    public let terminalCommand: String?

    public init(
        _ discipline: Discipline, names: Names, summary: Names, answerMethod: Discipline.AnswerMethod,
        usesIntervals: Bool = false, group: Group, settings: [String], terminalCommand: String?
    ) {
        self.discipline = discipline
        self.names = names
        self.summary = summary
        self.answerMethod = answerMethod
        self.usesIntervals = usesIntervals
        self.group = group
        self.settings = settings
        self.terminalCommand = terminalCommand
    }

    /// What every discipline that plays notes reads: where the notes lie, how long and at what
    /// reference pitch they sound, and with which sound.
    public static let noteSettings = [
        "noteRangeLower", "noteRangeUpper", "noteDurationSeconds", "referencePitchHz", "soundSource",
    ]
    /// What an interval discipline reads besides.
    public static let intervalSettings = ["intervals", "tuningSystem"]
}
