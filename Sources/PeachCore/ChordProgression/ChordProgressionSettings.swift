/// Chord Progressions' own settings: whether the progression's chords may be inverted, where that
/// gives the bass a smoother line (`ProgressionVoicing.bassLine`), and the common progressions the
/// second discipline names (at least two to tell apart, in their order).
public struct ChordProgressionSettings: KindSettings {
    public var progressionInversions = false
    public var commonProgressions = CommonProgression.defaultChoices

    public init() {}

    public var form: SettingsGroup {
        SettingsGroup(
            id: "progressions", legend: "settings.progressions",
            fields: [
                .toggle(
                    "progressionInversions", label: "settings.progressionInversions",
                    summary:
                        "Chord Progressions: inversions where they let the bass move by step, as in I–V⁶–vi (off by default)."
                ),
                .checkboxes(
                    "commonProgressions", label: "settings.commonProgressions",
                    choices: CommonProgression.allCases.map {
                        .init(.text($0.rawValue), label: "progression.\($0.rawValue)")
                    },
                    minimum: 2, tooFew: "settings.commonProgressionsTooFew",
                    summary:
                        "Common Progressions: the progressions to name, at least two (all but the 12-bar blues by default).",
                    terminalFlag: "progressions"),
            ])
    }

    public func validated(changed: Set<String>) throws(SettingsError) -> ChordProgressionSettings {
        var ordered = self
        ordered.commonProgressions = CommonProgression.allCases.filter(commonProgressions.contains)
        return ordered
    }
}
