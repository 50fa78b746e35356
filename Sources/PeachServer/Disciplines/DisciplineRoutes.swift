import Hummingbird
import PeachCore

/// `GET /api/disciplines`: the catalogue, from the kinds' declarations (`TrainingKinds`), in their
/// order: what the screens offer and how each discipline is answered, so no screen lists them again.
struct DisciplinesResponse: ResponseEncodable, Decodable, APIDescribed {
    struct Entry: Codable, APIDescribed {
        struct Names: Codable {
            let en: String
            let de: String
        }

        let id: Discipline
        let kind: String
        let names: Names
        let summary: Names
        let group: String
        let answerMethod: String
        let usesIntervals: Bool
        let settings: [String]
        let terminalCommand: Nullable<String>
        let sparkline: String
        /// Whether the Profile can draw what was named for each item played (GET /api/profile/confusion).
        let confusion: Bool
        /// Whether the Profile states a threshold of its own for it (GET /api/profile/threshold).
        let threshold: Bool
        /// Whether an assignment's task may ask for a threshold to reach (`TrainingKind.hasGoalThreshold`).
        let thresholdGoal: Bool
        /// Whether its kind says more of it on the Profile (GET /api/profile/part).
        let profilePart: Bool
        /// Whether it is a "Measure my threshold" run rather than training.
        let measures: Bool
        let offered: Bool

        init(_ declaration: DisciplineDeclaration, offered: Bool) {
            id = declaration.discipline
            kind = declaration.discipline.kind.rawValue
            names = Names(en: declaration.names.english, de: declaration.names.german)
            summary = Names(en: declaration.summary.english, de: declaration.summary.german)
            group = declaration.group.rawValue
            answerMethod = declaration.answerMethod.rawValue
            usesIntervals = declaration.usesIntervals
            settings = declaration.settings
            terminalCommand = Nullable(declaration.terminalCommand)
            sparkline = declaration.discipline.trainingKind.sparklineReading.rawValue
            confusion = declaration.discipline.trainingKind.hasConfusion(declaration.discipline)
            threshold = declaration.discipline.trainingKind.fitsThreshold
            thresholdGoal = declaration.discipline.trainingKind.hasGoalThreshold(declaration.discipline)
            profilePart = declaration.discipline.trainingKind.hasProfileSummary
            measures = declaration.discipline.trainingKind.measures(declaration.discipline)
            self.offered = offered
        }

        static var apiNotes: [String: APINote] {
            [
                "": .closed,
                "kind": APINote().with("enum", TrainingKinds.all.map { $0.id.rawValue })
                    .describe("The kind of training: what its trials, answers and records are."),
                "names": .describe("Its name in each language the interface speaks."),
                "summary": .describe("One line on what it trains, in each language the interface speaks."),
                "group": APINote().with("enum", DisciplineDeclaration.Group.declared.map(\.rawValue))
                    .describe("Where the Start screen lists it."),
                "answerMethod": APINote().with("enum", Discipline.AnswerMethod.allCases.map(\.rawValue))
                    .describe("How it is answered: the control its screen shows."),
                "settings": APINote().with("items", ["type": "string", "enum": DisciplinesResponse.settingNames])
                    .describe("The settings (GET /api/settings) its trials read."),
                "sparkline": APINote().with("enum", Sparkline.Reading.allCases.map(\.rawValue)).describe(
                    "Which way its sparkline (GET /api/profile/sparkline.svg?discipline=…) is better: lower, or closer to zero."
                ),
                "confusion": .describe(
                    "Whether it is answered by naming items, so that GET /api/profile/confusion (and .svg) says what was named for each item played."
                ),
                "threshold": .describe(
                    "Whether its kind fits a threshold of its own, so that GET /api/profile/threshold states it."),
                "thresholdGoal": .describe(
                    "Whether an assignment's task may set it a threshold to reach (cents; POST /api/classes/{id}/assignments), rather than a number of answers only."
                ),
                "profilePart": .describe(
                    "Whether its kind says more of it on the Profile, in its own shape (GET /api/profile/part); the page draws it with the kind's module, screens/profile-<kind>.js."
                ),
                "measures": .describe(
                    "Whether it measures a threshold in a run of at most 40 trials (\"Measure my threshold\"); its threshold (GET /api/profile/threshold) is then its newest run's."
                ),
                "offered": .describe(
                    "Whether this server trains it (peach serve --disciplines): the trials of one not offered are refused."
                ),
                "terminalCommand": .describe(
                    "The peach command that trains it in the terminal; null where a terminal cannot."),
            ]
        }
    }

    let disciplines: [Entry]

    /// Every setting a discipline declares it reads.
    static var settingNames: [String] {
        TrainingKinds.all.flatMap { $0.disciplines.flatMap(\.settings) }.reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
    }

    static var apiNotes: [String: APINote] { ["": .closed] }
}

struct DisciplineRoutes: RouteTable {
    let offered: Set<Discipline>

    init(_ shared: SharedDependencies) {
        offered = shared.offered
    }

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "disciplines", "disciplines",
                "Every discipline Peach trains: its kind, names, group, answer method and settings",
                returns: "The catalogue, in the order the screens list it.", Self.catalogue)
        ]
    }

    func catalogue(_: Input<NoBody>) -> DisciplinesResponse {
        DisciplinesResponse(
            disciplines: TrainingKinds.all.flatMap { $0.disciplines }.map {
                DisciplinesResponse.Entry($0, offered: offered.contains($0.discipline))
            })
    }
}
