/// Chord Quality's own settings: the qualities trained (at least two, in the kind's order), block or
/// arpeggiated, and whether inversions come too.
public struct ChordQualitySettings: KindSettings {
    public var chordQualities = ChordQuality.triads
    public var chordVoicing = ChordVoicing.block
    public var chordInversions = false

    public init() {}

    public var form: SettingsGroup {
        SettingsGroup(
            id: "chords", legend: "settings.chords",
            fields: [
                .checkboxes(
                    "chordQualities", label: "settings.chordQualities",
                    choices: ChordQuality.allCases.map { .init(.text($0.rawValue), label: "quality.\($0.rawValue)") },
                    minimum: 2, tooFew: "settings.qualitiesTooFew",
                    summary: "Chord Quality: the qualities trained, at least two (the four triads by default).",
                    terminalFlag: "qualities"),
                .select(
                    "chordVoicing", label: "settings.chordVoicing",
                    choices: ChordVoicing.allCases.map {
                        .init(.text($0.rawValue), label: "settings.chordVoicing.\($0.rawValue)")
                    },
                    summary: "Chord Quality: all notes at once (block, the default) or one after another (arpeggio).",
                    terminalFlag: "voicing"),
                .toggle(
                    "chordInversions", label: "settings.chordInversions",
                    summary: "Chord Quality: inversions too, not only root position (off by default)."),
            ])
    }

    public func validated(changed: Set<String>) throws(SettingsError) -> ChordQualitySettings {
        var ordered = self
        ordered.chordQualities = ChordQuality.allCases.filter(chordQualities.contains)
        return ordered
    }
}
