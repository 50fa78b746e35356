import Foundation
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer

struct SettingsAPITests {
    struct Settings: Decodable {
        struct Values: Decodable {
            let noteRangeLower: Int
            let noteRangeUpper: Int
            let noteDurationSeconds: Double
            let referencePitchHz: Double
            let varyLoudness: Double
            let language: String
        }
        struct Choices: Decodable { let soundSources: [String] }
        let settings: Values
        let choices: Choices
    }

    @Test func getReturnsTheDefaultsWithTheirChoices() async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/settings", method: .get) { response throws in
                #expect(response.status == .ok)
                let body = try TestApp.decode(Settings.self, response)
                #expect(body.settings.noteRangeLower == 36 && body.settings.noteRangeUpper == 84)
                #expect(body.settings.language == "auto")
                #expect(body.choices.soundSources == ["default", "sine"])
            }
        }
    }

    @Test func aChangePersistsAcrossARestartAndAppliesToTheNextComparison() async throws {
        let environment = ServerEnvironment.fixed()
        let directory = TestApp.Directory()
        try await TestApp.with(directory, environment: environment) { client in
            try await client.execute(
                uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                body: TestApp.json(
                    #"{"noteRangeLower":60,"noteRangeUpper":72,"noteDurationSeconds":0.5,"referencePitchHz":442}"#)
            ) { response throws in
                #expect(response.status == .ok)
                #expect(try TestApp.decode(Settings.self, response).settings.noteDurationSeconds == 0.5)
            }
            for _ in 0..<20 {
                let comparison = try await client.execute(uri: "/api/comparisons", method: .post) {
                    try TestApp.decode(APITests.Comparison.self, $0)
                }
                #expect((60...72).contains(comparison.note1.midi))
                #expect(comparison.noteDurationSeconds == 0.5)
                let expected = 442 * pow(2, Double(comparison.note1.midi - 69) / 12)
                #expect(abs(comparison.note1.frequencyHz - expected) < 1e-9)
            }
        }
        try await TestApp.with(directory, environment: environment) { client in
            try await client.execute(uri: "/api/settings", method: .get) { response throws in
                let values = try TestApp.decode(Settings.self, response).settings
                #expect(values.noteRangeLower == 60 && values.noteRangeUpper == 72 && values.referencePitchHz == 442)
            }
        }
    }

    @Test(arguments: [
        (#"{"noteDurationSeconds":5}"#, "noteDurationSeconds: must be from 0.3 to 3 s"),
        (#"{"noteRangeLower":10}"#, "noteRangeLower"),
        (#"{"noteRangeLower":80,"noteRangeUpper":84}"#, "at least 12"),
        (#"{"varyLoudness":2}"#, "varyLoudness: must be from 0 to 1"),
        (#"{"referencePitchHz":"loud"}"#, "referencePitchHz"),
        (#"{"language":"xx"}"#, "language"),
        (#"not json"#, "not valid"),
    ])
    func anOutOfRangeValueIsRejectedAndChangesNothing(body: String, message: String) async throws {
        try await TestApp.with { client in
            try await client.execute(
                uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                body: TestApp.json(body)
            ) { response throws in
                #expect(response.status == .badRequest)
                let text = try TestApp.decode(APITests.ErrorBody.self, response).error.message
                #expect(text.contains(message), "\(text)")
            }
            try await client.execute(uri: "/api/settings", method: .get) { response throws in
                let values = try TestApp.decode(Settings.self, response).settings
                #expect(values.noteRangeLower == 36 && values.noteDurationSeconds == 1 && values.varyLoudness == 0)
            }
        }
    }

    @Test func resettingTrainingDataClearsRecordsAndRestartsTheChain() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            for _ in 0..<3 {
                let comparison = try await client.execute(uri: "/api/comparisons", method: .post) {
                    try TestApp.decode(APITests.Comparison.self, $0)
                }
                let right = comparison.note2.centOffset > 0 ? "higher" : "lower"
                try await client.execute(
                    uri: "/api/comparisons/\(comparison.id)/answer", method: .post,
                    headers: [.contentType: "application/json"],
                    body: TestApp.json(#"{"answer":"\#(right)"}"#)
                ) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/api/records", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/records/comparisons", method: .get) { response throws in
                #expect(try TestApp.decode(APITests.Records.self, response).records.isEmpty)
            }
            let fresh = try await client.execute(uri: "/api/comparisons", method: .post) {
                try TestApp.decode(APITests.Comparison.self, $0)
            }
            #expect(abs(fresh.note2.centOffset) == 100)
            try await client.execute(uri: "/api/profile", method: .get) { response throws in
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let comparisons = body?["comparisons"] as? [String: Any]
                #expect(comparisons?["count"] as? Int == 0)
                #expect(comparisons?["meanThreshold"] is NSNull)
            }
        }
    }

    @Test func aRestartContinuesTheChainFromTheLastAnswer() async throws {
        let environment = ServerEnvironment.fixed()
        let directory = TestApp.Directory()
        let (lastOffset, lastCorrect) = try await TestApp.with(directory, environment: environment) { client in
            var lastOffset = 0.0
            var lastCorrect = false
            for index in 0..<6 {
                let comparison = try await client.execute(uri: "/api/comparisons", method: .post) {
                    try TestApp.decode(APITests.Comparison.self, $0)
                }
                let right = comparison.note2.centOffset > 0 ? "higher" : "lower"
                let answer = index == 5 ? (right == "higher" ? "lower" : "higher") : right
                try await client.execute(
                    uri: "/api/comparisons/\(comparison.id)/answer", method: .post,
                    headers: [.contentType: "application/json"],
                    body: TestApp.json(#"{"answer":"\#(answer)"}"#)
                ) { #expect($0.status == .ok) }
                lastOffset = abs(comparison.note2.centOffset)
                lastCorrect = answer == right
            }
            return (lastOffset, lastCorrect)
        }
        #expect(!lastCorrect)
        try await TestApp.with(directory, environment: environment) { client in
            let next = try await client.execute(uri: "/api/comparisons", method: .post) {
                try TestApp.decode(APITests.Comparison.self, $0)
            }
            let expected = KazezStrategy.widened(Cents(lastOffset)).rounded(toMultipleOf: 0.1).rawValue
            #expect(abs(abs(next.note2.centOffset) - min(expected, 100)) < 1e-9)
        }
    }
}
