import PeachCore
import PeachServices

// The domain's enumerations, listed in the document exactly as Swift declares them.
extension Discipline: APIEnumeration {}
extension TuningSystem: APIEnumeration {}
extension Interval: APIEnumeration {}
extension IntervalDirection: APIEnumeration {}
extension InterfaceLanguage: APIEnumeration {}
extension ComparisonAnswer: APIEnumeration {}
extension TimingAnswer: APIEnumeration {}
extension TempoBand: APIEnumeration {}
extension Trend: APIEnumeration {}
extension PitchMatchingBand: APIEnumeration {}
extension ThresholdTimeline.Period: APIEnumeration {}
extension ImportMode: APIEnumeration {}

/// An integer within the tempo range; its placeholder the default tempo (0 BPM is none).
extension TempoBPM: APISchemaProviding {
    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: TempoBPM, schema: [String: Any]) {
        (.default, ["type": "integer", "minimum": TempoBPM.range.lowerBound, "maximum": TempoBPM.range.upperBound])
    }
}

extension DirectedInterval: APIDescribed {
    public static var apiNotes: [String: APINote] { ["": .describe("P1 is only ever up; a missing direction is up.")] }
}

/// `PUT /api/settings` takes raw values so that it can name the first one out of range; the document
/// states each field's range and values from the same constants the domain checks them against.
extension SettingsUpdate: APIDescribed {
    public static var apiNotes: [String: APINote] {
        let notes: [String] =
            [SoundSource.unchosen] + SoundSource.named.map(\.rawValue) + ["preset-[0-9]{1,3}-[0-9]{1,3}"]
        let kindFields = TrainingKinds.ownSettingFields
        return Dictionary(
            uniqueKeysWithValues: kindFields.map { ($0.name, APINote(schema: $0.apiSchema).describe($0.summary)) }
        ).merging([
            "": .closed,
            "noteRangeLower": APINote.bounds(NoteRange.pianoRange).describe(
                "MIDI; at least \(NoteRange.minimumSpan) below noteRangeUpper"),
            "noteRangeUpper": .bounds(NoteRange.pianoRange),
            "noteDurationSeconds": .bounds(TrainingSettings.noteDurationRange),
            "referencePitchHz": APINote.bounds(ReferencePitch.allowedHertz).describe("A4"),
            "soundSource": APINote().with("pattern", "^(\(notes.joined(separator: "|")))$")
                .describe(
                    "One of choices.soundSources; a well-formed sound the server lacks is a 400. \(SoundSource.unchosen): none chosen, each discipline plays its own (the piano for harmony and melody that hold no note, where the server has it; the sine elsewhere)"
                ),
            "varyLoudness": .bounds(TrainingSettings.varyLoudnessRange),
            "noteGapSeconds": .bounds(TrainingSettings.noteGapRange),
            "minCentDifference": .bounds(TrainingSettings.centDifferenceRange),
            "maxCentDifference": .bounds(TrainingSettings.centDifferenceRange),
            "language": .as(InterfaceLanguage.self),
            "intervals": APINote.as([DirectedInterval].self).with("minItems", 1)
                .describe("The intervals the interval disciplines draw from (P1 only up)."),
            "tuningSystem": .as(TuningSystem.self),
            "intervalMatchingCentRange": APINote.bounds(TrainingSettings.intervalMatchingRangeLimits)
                .describe(
                    "Interval matching: how far the tunable note starts from the target and how far the slider reaches."
                ),
            "voiceRangeLower": APINote.bounds(NoteRange.pianoRange).describe(
                "Sing It: the lowest note of the singer's range (MIDI)."),
            "voiceRangeUpper": APINote.bounds(NoteRange.pianoRange).describe(
                "Sing It: the highest note of the singer's range (MIDI)."),
            "pitchNeedle": .describe(
                "Sing It: show the tracked pitch against the target while singing (off by default)."),
            "tempoBPM": APINote.bounds(TempoBPM.range).describe(
                "The rhythm disciplines' tempo in quarter-note beats per minute (default 80)."),
        ]) { $1 }
    }
}

extension SettingField.Control: APIEnumeration {}

/// A kind's setting is stored and sent as a raw JSON value; the document states each field's own
/// schema from its declaration (`SettingField.apiSchema`).
extension SettingValue: APISchemaProviding {
    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: SettingValue, schema: [String: Any]) {
        (.flag(false), ["description": "true or false, a whole number, a string, or a list of them"])
    }
}

extension SettingField {
    /// The values its declaration allows, as JSON Schema: what the server checks a change against.
    var apiSchema: [String: Any] {
        let values: [Any] = choices.map { choice in
            switch choice.value {
            case .flag(let flag): flag
            case .number(let number): number
            case .text(let text): text
            case .list: [Any]()
            }
        }
        switch control {
        case .toggle: return ["type": "boolean"]
        case .select: return ["enum": values]
        case .checkboxes: return ["type": "array", "items": ["enum": values], "uniqueItems": true, "minItems": minimum]
        }
    }
}
