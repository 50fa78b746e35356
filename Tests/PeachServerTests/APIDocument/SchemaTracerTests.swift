import Foundation
import Testing

@testable import PeachCore
@testable import PeachServer

/// The tracer reads a schema off a type's own Decodable conformance.
struct SchemaTracerTests {
    private struct Inner: Codable {
        let cents: Double
    }

    private struct Sample: Codable, APIDescribed {
        let name: String
        let count: Int
        let isOn: Bool
        let note: String?
        let inners: [Inner]
        let tuning: TuningSystem
        let optionalTuning: TuningSystem?
        let missing: Nullable<Double>
        let perName: [String: Int]

        static var apiNotes: [String: APINote] { ["count": APINote.bounds(0...9).describe("how many")] }
    }

    private struct Misnoted: Codable, APIDescribed {
        let name: String
        static var apiNotes: [String: APINote] { ["nmae": .describe("a typo")] }
    }

    private static func schema<T: Decodable>(_ type: T.Type, components: [ObjectIdentifier: String] = [:]) throws
        -> [String: Any]
    {
        try SchemaTracer(components: components).definition(of: type).schema
    }

    @Test func fieldsTypesAndRequirednessComeFromTheType() throws {
        let schema = try Self.schema(Sample.self)
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(
            Set(properties.keys) == [
                "name", "count", "isOn", "note", "inners", "tuning", "optionalTuning", "missing", "perName",
            ])
        #expect(
            Set(schema["required"] as? [String] ?? []) == [
                "name", "count", "isOn", "inners", "tuning", "missing", "perName",
            ])
        #expect(properties["name"]?["type"] as? String == "string")
        #expect(properties["count"]?["type"] as? String == "integer")
        #expect(properties["isOn"]?["type"] as? String == "boolean")
        let items = try #require(properties["inners"]?["items"] as? [String: Any])
        #expect(properties["inners"]?["type"] as? String == "array")
        #expect(((items["properties"] as? [String: Any])?["cents"] as? [String: Any])?["type"] as? String == "number")
        #expect(properties["tuning"]?["enum"] as? [String] == TuningSystem.allCases.map(\.rawValue))
        #expect(properties["missing"]?["nullable"] as? Bool == true)
        #expect(properties["missing"]?["type"] as? String == "number")
        #expect((properties["perName"]?["additionalProperties"] as? [String: Any])?["type"] as? String == "integer")
    }

    @Test func notesAddToTheTracedField() throws {
        let count = try #require((try Self.schema(Sample.self)["properties"] as? [String: [String: Any]])?["count"])
        #expect(count["minimum"] as? Int == 0)
        #expect(count["maximum"] as? Int == 9)
        #expect(count["description"] as? String == "how many")
        #expect(count["type"] as? String == "integer")
    }

    @Test func aNoteOnAFieldTheTypeLacksFails() {
        #expect(throws: SchemaTracer.Failure.self) { try Self.schema(Misnoted.self) }
    }

    @Test func namedComponentsAreReferenced() throws {
        let schema = try Self.schema(Sample.self, components: [ObjectIdentifier(TuningSystem.self): "TuningSystem"])
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(properties["tuning"]?["$ref"] as? String == "#/components/schemas/TuningSystem")
        #expect(properties["optionalTuning"]?["$ref"] as? String == "#/components/schemas/TuningSystem")
    }

    @Test func aTrialIsOneOfItsKindsWithTheSharedHeaderFlat() throws {
        let document = try #require(try OpenAPIDocument.schemas() as? [String: [String: Any]])
        let oneOf = try #require(document["Trial"]?["oneOf"] as? [[String: Any]])
        #expect(
            oneOf.compactMap { $0["$ref"] as? String } == [
                "#/components/schemas/Comparison", "#/components/schemas/PitchMatchingChallenge",
                "#/components/schemas/RhythmComparison", "#/components/schemas/RhythmMatching",
                "#/components/schemas/ChordIntonation", "#/components/schemas/ScaleDegree",
                "#/components/schemas/ChordQuality", "#/components/schemas/MelodicDictation",
                "#/components/schemas/ChordProgression",
            ])
        let comparison = try #require(document["Comparison"]?["required"] as? [String])
        #expect(
            Set(comparison) == [
                "id", "discipline", "interval", "tuningSystem", "noteDurationSeconds", "sound", "synthesis", "session",
                "note1", "note2", "noteGapSeconds",
                "measurement",
            ])
    }
}
