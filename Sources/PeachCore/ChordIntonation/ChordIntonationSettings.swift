/// Which Voice?'s own setting: the tuning its triads are in. Just intonation by default, so a new
/// user hears pure thirds and fifths and only the detuned voice out of tune; in equal temperament a
/// major third is already about 14 ¢ wider than pure, and the page's label says so.
public struct ChordIntonationSettings: KindSettings {
    public var chordTuningSystem = TuningSystem.justIntonation

    public init() {}

    public var form: SettingsGroup {
        SettingsGroup(
            id: "chordIntonation", legend: "settings.chordIntonation",
            fields: [
                .select(
                    "chordTuningSystem", label: "settings.chordTuningSystem",
                    choices: TuningSystem.allCases.map {
                        .init(.text($0.rawValue), label: "settings.chordTuningSystem.\($0.rawValue)")
                    },
                    summary:
                        "Which Voice?: the tuning of its triads, just intonation (the default) or equal temperament.")
            ])
    }
}
