/// Play it Back's own settings: the key's mode, the shortest and longest melody the adaptive length
/// moves between, the step sizes a melody moves by, and how far its lowest and highest notes lie
/// apart.
public struct MelodicDictationSettings: KindSettings {
    public var melodyMode = ScaleMode.major
    public var melodyShortest = MelodyLength.range.lowerBound
    public var melodyLongest = MelodyLength.range.upperBound
    /// Interval numbers, ascending: 2 (a second) to 5 (a fifth).
    public var melodySteps = [2, 3]
    /// Semitones: a fifth or an octave.
    public var melodySpan = 12

    public static let stepChoices = [2, 3, 4, 5]
    public static let spanChoices = [7, 12]

    public init() {}

    public var lengths: ClosedRange<Int> { melodyShortest...melodyLongest }

    public var form: SettingsGroup {
        let lengths = MelodyLength.range.map { SettingField.Choice(.number($0), text: String($0)) }
        return SettingsGroup(
            id: "dictation", legend: "settings.dictation",
            fields: [
                .select(
                    "melodyMode", label: "settings.scaleMode",
                    choices: ScaleMode.allCases.map {
                        .init(.text($0.rawValue), label: "settings.scaleMode.\($0.rawValue)")
                    },
                    summary: "Play it Back: the key's mode (major by default).", terminalFlag: "melody-mode"),
                .select(
                    "melodyShortest", label: "settings.melodyShortest", choices: lengths,
                    summary: "Play it Back: the fewest notes a melody has; training starts there (2 by default).",
                    terminalFlag: "shortest"),
                .select(
                    "melodyLongest", label: "settings.melodyLongest", choices: lengths,
                    summary: "Play it Back: the most notes a melody grows to (8 by default), at least melodyShortest.",
                    terminalFlag: "longest"),
                .checkboxes(
                    "melodySteps", label: "settings.melodySteps",
                    choices: Self.stepChoices.map { .init(.number($0), label: "settings.melodyStep.\($0)") },
                    minimum: 1, tooFew: "settings.melodyStepsTooFew",
                    summary:
                        "Play it Back: the step sizes a melody moves by, as interval numbers (2: a second … 5: a fifth); seconds and thirds by default.",
                    terminalFlag: "steps"),
                .select(
                    "melodySpan", label: "settings.melodySpan",
                    choices: Self.spanChoices.map { .init(.number($0), label: "settings.melodySpan.\($0)") },
                    summary:
                        "Play it Back: the most semitones between a melody's lowest and highest note (7: a fifth, 12: an octave, the default).",
                    terminalFlag: "span"),
            ])
    }

    public func validated(changed: Set<String>) throws(SettingsError) -> MelodicDictationSettings {
        guard melodyShortest <= melodyLongest else {
            throw SettingsError(
                field: changed.contains("melodyLongest") ? "melodyLongest" : "melodyShortest",
                message:
                    "Play it Back's shortest melody (\(melodyShortest)) must not be longer than its longest (\(melodyLongest))"
            )
        }
        var sorted = self
        sorted.melodySteps.sort()
        return sorted
    }
}
