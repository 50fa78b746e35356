import PeachCore
import PeachServices
import PeachStore

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
extension DegreeLabels: APIEnumeration {}

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
        let notes: [String] = SoundSource.named.map(\.rawValue) + ["preset-[0-9]{1,3}-[0-9]{1,3}"]
        return [
            "": .closed,
            "noteRangeLower": APINote.bounds(NoteRange.pianoRange).describe("MIDI; at least \(NoteRange.minimumSpan) below noteRangeUpper"),
            "noteRangeUpper": .bounds(NoteRange.pianoRange),
            "noteDurationSeconds": .bounds(TrainingSettings.noteDurationRange),
            "referencePitchHz": APINote.bounds(ReferencePitch.allowedHertz).describe("A4"),
            "soundSource": APINote().with("pattern", "^(\(notes.joined(separator: "|")))$")
                .describe("One of choices.soundSources; a well-formed sound the server lacks is a 400"),
            "varyLoudness": .bounds(TrainingSettings.varyLoudnessRange),
            "noteGapSeconds": .bounds(TrainingSettings.noteGapRange),
            "minCentDifference": .bounds(TrainingSettings.centDifferenceRange),
            "maxCentDifference": .bounds(TrainingSettings.centDifferenceRange),
            "language": .as(InterfaceLanguage.self),
            "intervals": APINote.as([DirectedInterval].self).with("minItems", 1)
                .describe("The intervals the interval disciplines draw from (P1 only up)."),
            "tuningSystem": .as(TuningSystem.self),
            "intervalMatchingCentRange": APINote.bounds(TrainingSettings.intervalMatchingRangeLimits)
                .describe("Interval matching: how far the tunable note starts from the target and how far the slider reaches."),
            "voiceRangeLower": APINote.bounds(NoteRange.pianoRange).describe("Sing It: the lowest note of the singer's range (MIDI)."),
            "voiceRangeUpper": APINote.bounds(NoteRange.pianoRange).describe("Sing It: the highest note of the singer's range (MIDI)."),
            "pitchNeedle": .describe("Sing It: show the tracked pitch against the target while singing (off by default)."),
            "tempoBPM": APINote.bounds(TempoBPM.range).describe("The rhythm disciplines' tempo in quarter-note beats per minute (default 80)."),
            "scaleMode": APINote.as(ScaleMode.self).describe("Scale Degrees: the key's mode (major by default)."),
            "scaleDegrees": APINote().with("uniqueItems", true).describe(
                "Scale Degrees: the numbers (1–7) of the mode's own degrees trained; with chromaticDegrees at least two degrees."),
            "chromaticDegrees": .describe("Scale Degrees: also the five degrees the mode's scale does not have (off by default)."),
            "degreeLabels": APINote.as(DegreeLabels.self).describe("Scale Degrees: name degrees by number (♭3) or solfège (me)."),
            "chordQualities": APINote.as([ChordQuality].self).with("uniqueItems", true).with("minItems", 2)
                .describe("Chord Quality: the qualities trained, at least two (the four triads by default)."),
            "chordVoicing": APINote.as(ChordVoicing.self).describe("Chord Quality: all notes at once (block, the default) or one after another (arpeggio)."),
            "chordInversions": .describe("Chord Quality: inversions too, not only root position (off by default)."),
        ]
    }
}
