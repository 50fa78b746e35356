import Foundation
import Testing
@testable import PeachCore
@testable import PeachServer

/// The served API document takes every value Swift owns from the Swift types.
struct OpenAPIDocumentTests {
    static func served() throws -> [String: Any] {
        let buffer = try WebResources.openAPIDocument()
        return try #require(try JSONSerialization.jsonObject(with: Data(buffer: buffer)) as? [String: Any])
    }

    static func object(_ document: [String: Any], _ path: String...) -> [String: Any]? {
        path.reduce(Optional(document)) { $0?[$1] as? [String: Any] }
    }

    @Test func settingsBoundsAreTheSwiftRanges() throws {
        let settings = try #require(Self.object(try Self.served(), "components", "schemas", "Settings", "properties"))
        let duration = try #require(settings["noteDurationSeconds"] as? [String: Any])
        #expect(duration["minimum"] as? Double == TrainingSettings.noteDurationRange.lowerBound)
        #expect(duration["maximum"] as? Double == TrainingSettings.noteDurationRange.upperBound)
        let range = try #require(settings["intervalMatchingCentRange"] as? [String: Any])
        #expect(range["maximum"] as? Double == TrainingSettings.intervalMatchingRangeLimits.upperBound)
        let lower = try #require(settings["noteRangeLower"] as? [String: Any])
        #expect(lower["minimum"] as? Double == Double(NoteRange.pianoRange.lowerBound))
        #expect((settings["language"] as? [String: Any])?["enum"] as? [String] == InterfaceLanguage.allCases.map(\.rawValue))
    }

    @Test func disciplinesIntervalsAndTuningsAreTheSwiftCases() throws {
        let document = try Self.served()
        #expect(Self.object(document, "components", "schemas", "Discipline")?["enum"] as? [String] == Discipline.allCases.map(\.rawValue))
        #expect(Self.object(document, "components", "schemas", "TuningSystem")?["enum"] as? [String] == TuningSystem.allCases.map(\.rawValue))
        #expect(Self.object(document, "components", "schemas", "DirectedInterval", "properties", "name")?["enum"] as? [String]
            == Interval.allCases.map(\.rawValue))
    }
}
