/// Scale Degrees' own settings: the key's mode, which of the scale's own degrees are trained (by
/// number, 1…7), whether the five altered degrees come too, and how degrees are named.
public struct ScaleDegreeSettings: KindSettings {
    public var scaleMode = ScaleMode.major
    /// Ascending, no repeats.
    public var scaleDegrees = Array(1...7)
    public var chromaticDegrees = false
    public var degreeLabels = DegreeLabels.numbers

    public init() {}

    /// The degrees a trial is drawn from and answered with: at least two.
    public var choices: [ScaleDegree] {
        ScaleDegree.choices(mode: scaleMode, numbers: Set(scaleDegrees), chromatic: chromaticDegrees)
    }

    public var form: SettingsGroup {
        SettingsGroup(
            id: "degrees", legend: "settings.degrees",
            fields: [
                .select(
                    "scaleMode", label: "settings.scaleMode",
                    choices: ScaleMode.allCases.map {
                        .init(.text($0.rawValue), label: "settings.scaleMode.\($0.rawValue)")
                    },
                    summary: "Scale Degrees: the key's mode (major by default).", terminalFlag: "mode"),
                // The numbers are what is stored; the labels name them as the mode and the labels setting do.
                .checkboxes(
                    "scaleDegrees", label: "settings.scaleDegrees",
                    choices: ScaleDegree.diatonic(in: scaleMode).map {
                        .init(.number($0.number), text: $0.label(degreeLabels))
                    },
                    minimum: 0, tooFew: "settings.degreesTooFew",
                    summary:
                        "Scale Degrees: the numbers (1–7) of the mode's own degrees trained; with chromaticDegrees at least two degrees."
                ),
                .toggle(
                    "chromaticDegrees", label: "settings.chromaticDegrees",
                    summary: "Scale Degrees: also the five degrees the mode's scale does not have (off by default)."),
                .select(
                    "degreeLabels", label: "settings.degreeLabels",
                    choices: DegreeLabels.allCases.map {
                        .init(.text($0.rawValue), label: "settings.degreeLabels.\($0.rawValue)")
                    },
                    summary: "Scale Degrees: name degrees by number (♭3) or solfège (me).", terminalFlag: "labels"),
            ])
    }

    public func validated(changed: Set<String>) throws(SettingsError) -> ScaleDegreeSettings {
        guard choices.count >= 2 else {
            throw SettingsError(
                field: changed.contains("chromaticDegrees") ? "chromaticDegrees" : "scaleDegrees",
                message:
                    "Scale Degrees needs at least two degrees to tell apart: choose more numbers or the altered degrees"
            )
        }
        var sorted = self
        sorted.scaleDegrees.sort()
        return sorted
    }
}
