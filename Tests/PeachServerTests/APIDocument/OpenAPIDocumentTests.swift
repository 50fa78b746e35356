import Foundation
import PeachAudio
import Testing

@testable import PeachCore
@testable import PeachServer

/// The served API document takes every value Swift owns from the Swift types.
struct OpenAPIDocumentTests {
    static func served(classServer: Bool = false) throws -> [String: Any] {
        let buffer = try WebResources.openAPIDocument(classServer: classServer)
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
        #expect(
            (settings["language"] as? [String: Any])?["enum"] as? [String] == InterfaceLanguage.allCases.map(\.rawValue)
        )
    }

    @Test func disciplinesIntervalsAndTuningsAreTheSwiftCases() throws {
        let document = try Self.served()
        #expect(
            Self.object(document, "components", "schemas", "Discipline")?["enum"] as? [String]
                == Discipline.allCases.map(\.rawValue))
        #expect(
            Self.object(document, "components", "schemas", "TuningSystem")?["enum"] as? [String]
                == TuningSystem.allCases.map(\.rawValue))
        #expect(
            Self.object(document, "components", "schemas", "DirectedInterval", "properties", "name")?["enum"]
                as? [String]
                == Interval.allCases.map(\.rawValue))
    }
}

extension OpenAPIDocumentTests {
    private static func references(in value: Any) -> [String] {
        switch value {
        case let object as [String: Any]:
            return (object["$ref"] as? String).map { [$0] } ?? [] + object.values.flatMap(references)
        case let array as [Any]:
            return array.flatMap(references)
        default:
            return []
        }
    }

    /// Every schema an operation names exists, and every schema derived from Swift is used.
    @Test(arguments: [false, true])
    func everyReferenceResolvesAndEverySchemaIsUsed(classServer: Bool) throws {
        let document = try Self.served(classServer: classServer)
        let schemas = try #require(Self.object(document, "components", "schemas"))
        let used = Set(Self.references(in: document))
        #expect(used.allSatisfy { $0.hasPrefix("#/components/") })
        let prefix = "#/components/schemas/"
        let usedSchemas = Set(used.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
        #expect(usedSchemas.subtracting(schemas.keys).isEmpty, "missing: \(usedSchemas.subtracting(schemas.keys))")
        #expect(
            Set(schemas.keys).subtracting(usedSchemas).isEmpty, "unused: \(Set(schemas.keys).subtracting(usedSchemas))")
    }

    /// A class server's document adds its own operations, and says which need a session; the
    /// personal Peach's has none of them.
    @Test func theClassServersDocumentHasAccountsClassesAndTheTeachersView() throws {
        let personal = try #require(Self.object(try Self.served(), "paths"))
        let classServer = try #require(Self.object(try Self.served(classServer: true), "paths"))
        #expect(!personal.keys.contains { $0.hasPrefix("/api/classes") || $0.hasPrefix("/api/account/") })
        #expect(Set(personal.keys).isSubset(of: classServer.keys))
        for path in ["/api/account/sign-in", "/api/classes/{id}", "/api/classes/{id}/summary.csv"] {
            #expect(classServer[path] != nil, "\(path)")
        }
        func responses(_ path: String, _ method: String, in paths: [String: Any]) -> [String: Any]? {
            Self.object(paths, path, method, "responses")
        }
        // A user's own operation: 401 only where a session is needed.
        #expect(responses("/api/trials", "post", in: classServer)?["401"] != nil)
        #expect(responses("/api/trials", "post", in: personal)?["401"] == nil)
        #expect(responses("/api/health", "get", in: classServer)?["401"] == nil)
        #expect(responses("/api/account", "get", in: classServer)?["401"] == nil)
        // Every profile read of the student's own, for their teacher.
        for path in personal.keys where path.hasPrefix("/api/profile") {
            let teachers = "/api/classes/{id}/students/{student}" + path.dropFirst(4)
            #expect(responses(teachers, "get", in: classServer)?["404"] != nil, "\(teachers)")
        }
    }

    /// What the server writes for each kind of trial has exactly the fields its schema names.
    @Test func encodedTrialsHaveTheDocumentedFields() async throws {
        let schemas = try #require(try OpenAPIDocument.schemas() as? [String: [String: Any]])
        let service = try await TrialServiceTests().makeService()
        for discipline in Discipline.allCases {
            let issued = try await service.next(discipline)
            let json = try JSONEncoder().encode(
                TrialResponse(issued, sounds: SoundChoice.sineOnly, synthesis: SynthesisSettings()))
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            let schema = try #require(schemas[discipline.trainingKind.apiNames.trial])
            let properties = try #require(schema["properties"] as? [String: Any])
            // `outcomes` is documented for every trial and sent only with a kind answered by choosing;
            // `task` only with a trial drawn for an assignment's task, which this one is not.
            let documented = Set(properties.keys)
            #expect(documented.contains("task") && object["task"] == nil)
            let expected = documented.subtracting(object["outcomes"] == nil ? ["outcomes", "task"] : ["task"])
            #expect(Set(object.keys) == expected, "\(discipline)")
            #expect(Set(schema["required"] as? [String] ?? []).isSubset(of: object.keys))
        }
    }
}
