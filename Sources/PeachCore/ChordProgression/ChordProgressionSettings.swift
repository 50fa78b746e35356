/// Chord Progressions' own setting: whether the progression's chords may be inverted, where that
/// gives the bass a smoother line (`ProgressionVoicing.bassLine`).
public struct ChordProgressionSettings: KindSettings {
    public var progressionInversions = false

    public init() {}

    public var form: SettingsGroup {
        SettingsGroup(
            id: "progressions", legend: "settings.progressions",
            fields: [
                .toggle(
                    "progressionInversions", label: "settings.progressionInversions",
                    summary:
                        "Chord Progressions: inversions where they let the bass move by step, as in I–V⁶–vi (off by default)."
                )
            ])
    }
}
