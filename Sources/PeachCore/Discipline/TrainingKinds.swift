/// The registry: every kind of training Peach has. A new kind is a folder of its own and a line here.
public enum TrainingKinds {
    public static let all: [any TrainingKind.Type] = [
        ComparisonKind.self,
        MatchingKind.self,
        RhythmComparisonKind.self,
        RhythmMatchingKind.self,
        ChordIntonationKind.self,
        ScaleDegreeKind.self,
        ChordQualityKind.self,
        MelodicDictationKind.self,
        ChordProgressionKind.self,
    ]

    /// Every kind's disciplines, kind by kind in the order above.
    public static let disciplines: [Discipline] = all.flatMap { $0.disciplines.map(\.discipline) }

    /// Every kind's own settings, kind by kind; no two name a field alike.
    public static let ownSettings: [any KindSettings.Type] = all.compactMap { $0.ownSettings }

    /// Every field of the kinds' own settings, as declared for their defaults.
    public static let ownSettingFields: [SettingField] = ownSettings.flatMap { $0.init().form.fields }

    struct Entry: Sendable {
        let declaration: DisciplineDeclaration
        let kind: any TrainingKind.Type
    }

    /// Each discipline's declaration and kind, by its name.
    static let entries: [String: Entry] = Dictionary(
        uniqueKeysWithValues: all.flatMap { kind in
            kind.disciplines.map { ($0.discipline.rawValue, Entry(declaration: $0, kind: kind)) }
        })

    /// The kind stored under `id`; nil for a name no kind has.
    public static func kind(_ id: Discipline.Kind) -> (any TrainingKind.Type)? {
        all.first { $0.id == id }
    }
}
