import Foundation
import PeachCore

/// The API document as served: the shapes from `Resources/openapi.json`, with every value Swift
/// owns — the settings' ranges, the disciplines, intervals, tunings and languages —
/// filled in from the Swift types, so each is written once and the document cannot drift from it.
enum OpenAPIDocument {
    static func served(from file: Data) throws -> Data {
        guard var document = try JSONSerialization.jsonObject(with: file) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        let bounds: [String: ClosedRange<Double>] = [
            "noteRangeLower": Double(NoteRange.pianoRange.lowerBound)...Double(NoteRange.pianoRange.upperBound),
            "noteRangeUpper": Double(NoteRange.pianoRange.lowerBound)...Double(NoteRange.pianoRange.upperBound),
            "noteDurationSeconds": TrainingSettings.noteDurationRange,
            "referencePitchHz": ReferencePitch.allowedHertz,
            "varyLoudness": TrainingSettings.varyLoudnessRange,
            "noteGapSeconds": TrainingSettings.noteGapRange,
            "minCentDifference": TrainingSettings.centDifferenceRange,
            "maxCentDifference": TrainingSettings.centDifferenceRange,
            "intervalMatchingCentRange": TrainingSettings.intervalMatchingRangeLimits,
            "voiceRangeLower": Double(NoteRange.pianoRange.lowerBound)...Double(NoteRange.pianoRange.upperBound),
            "voiceRangeUpper": Double(NoteRange.pianoRange.lowerBound)...Double(NoteRange.pianoRange.upperBound),
        ]
        for (field, range) in bounds {
            update(&document, ["components", "schemas", "Settings", "properties", field]) {
                $0["minimum"] = range.lowerBound
                $0["maximum"] = range.upperBound
            }
        }
        let enums: [([String], [String])] = [
            (["components", "schemas", "Settings", "properties", "language"], InterfaceLanguage.allCases.map(\.rawValue)),
            (["components", "schemas", "Discipline"], Discipline.allCases.map(\.rawValue)),
            (["components", "schemas", "TuningSystem"], TuningSystem.allCases.map(\.rawValue)),
            (["components", "schemas", "DirectedInterval", "properties", "name"], Interval.allCases.map(\.rawValue)),
            (["components", "schemas", "TrialInterval", "properties", "name"], Interval.allCases.map(\.rawValue)),
        ]
        for (path, values) in enums {
            update(&document, path) { $0["enum"] = values }
        }
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// Applies `change` to the object at `path`; a path the file lacks is an error in the file,
    /// caught by the test that serves it.
    private static func update(_ object: inout [String: Any], _ path: [String], _ change: (inout [String: Any]) -> Void) {
        guard let key = path.first else {
            change(&object)
            return
        }
        var child = object[key] as? [String: Any] ?? [:]
        update(&child, Array(path.dropFirst()), change)
        object[key] = child
    }
}
