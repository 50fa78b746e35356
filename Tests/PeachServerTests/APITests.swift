import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer

/// The JSON API through Hummingbird's test client, on a real SQLite file.
struct APITests {
    struct Comparison: Decodable {
        struct Note1: Decodable {
            let midi: Int
            let frequencyHz: Double
        }
        struct Note2: Decodable {
            let midi: Int
            let centOffset: Double
            let frequencyHz: Double
        }
        let id: String
        let note1: Note1
        let note2: Note2
        let noteDurationSeconds: Double
    }

    struct Records: Decodable {
        struct Record: Decodable {
            let note1: Int
            let note2: Int
            let note2CentOffset: Double
            let isCorrect: Bool
            let timestamp: String
        }
        let records: [Record]
    }

    struct ErrorBody: Decodable {
        struct Detail: Decodable { let message: String }
        let error: Detail
    }

    @Test func healthReportsTheVersion() async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/health", method: .get) { response throws in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
                #expect(
                    body == ["status": "ok", "version": PeachVersion.current, "webVersion": WebResources.webVersion])
                #expect(WebResources.webVersion.hasPrefix(PeachVersion.current + "-"))
                #expect(response.headers[HTTPField.Name("Server-Timing")!]?.hasPrefix("app;dur=") == true)
            }
        }
    }

    @Test func aNewComparisonIsInTheDefaultRangeWithConsistentFrequencies() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            try await client.execute(uri: "/api/comparisons", method: .post) { response throws in
                #expect(response.status == .created)
                let comparison = try TestApp.decode(Comparison.self, response)
                #expect((36...84).contains(comparison.note1.midi))
                #expect(comparison.note2.midi == comparison.note1.midi)
                #expect(abs(comparison.note2.centOffset) == 100)
                let expected1 = 440 * pow(2, Double(comparison.note1.midi - 69) / 12)
                #expect(abs(comparison.note1.frequencyHz - expected1) / expected1 < 1e-9)
                let measured = 1200 * log2(comparison.note2.frequencyHz / comparison.note1.frequencyHz)
                #expect(abs(measured - comparison.note2.centOffset) < 1e-6)
                #expect(comparison.noteDurationSeconds == 1)
            }
        }
    }

    @Test func anAnswerIsStoredJudgedAndMovesTheChain() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let comparison = try await client.execute(uri: "/api/comparisons", method: .post) {
                try TestApp.decode(Comparison.self, $0)
            }
            let right = comparison.note2.centOffset > 0 ? "higher" : "lower"
            try await client.execute(
                uri: "/api/comparisons/\(comparison.id)/answer", method: .post,
                headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"answer":"\#(right)"}"#)
            ) { response throws in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(body?["isCorrect"] as? Bool == true)
            }
            try await client.execute(uri: "/api/records/comparisons?limit=5", method: .get) { response throws in
                #expect(response.status == .ok)
                let records = try TestApp.decode(Records.self, response).records
                #expect(records.count == 1)
                #expect(records.first?.note1 == comparison.note1.midi)
                #expect(records.first?.note2CentOffset == comparison.note2.centOffset)
                #expect(records.first?.isCorrect == true)
                #expect(records.first?.timestamp.contains("T") == true)
            }
            // Correct at 100 ¢ narrows the chain to 50 ¢.
            let next = try await client.execute(uri: "/api/comparisons", method: .post) {
                try TestApp.decode(Comparison.self, $0)
            }
            #expect(abs(next.note2.centOffset) == 50)
        }
    }

    @Test func aSecondAnswerConflictsAndAnUnknownIdIsNotFound() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let comparison = try await client.execute(uri: "/api/comparisons", method: .post) {
                try TestApp.decode(Comparison.self, $0)
            }
            let uri = "/api/comparisons/\(comparison.id)/answer"
            let body = TestApp.json(#"{"answer":"lower"}"#)
            try await client.execute(uri: uri, method: .post, headers: [.contentType: "application/json"], body: body) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: uri, method: .post, headers: [.contentType: "application/json"], body: body) {
                response throws in
                #expect(response.status == .conflict)
                #expect(try TestApp.decode(ErrorBody.self, response).error.message.contains("already been answered"))
            }
            try await client.execute(
                uri: "/api/comparisons/no-such-id/answer", method: .post, headers: [.contentType: "application/json"],
                body: body
            ) { response throws in
                #expect(response.status == .notFound)
                #expect(try TestApp.decode(ErrorBody.self, response).error.message.contains("no-such-id"))
            }
            try await client.execute(uri: "/api/records/comparisons", method: .get) { response throws in
                #expect(try TestApp.decode(Records.self, response).records.count == 1)
            }
        }
    }

    @Test(arguments: [
        (#"{"answer":"sideways"}"#, "sideways"),
        (#"{"reply":"higher"}"#, "answer"),
        (#"{"answer":"#, "not valid"),
        (#"{"answer":7}"#, "answer"),
    ])
    func aMalformedAnswerIsABadRequestThatChangesNothing(body: String, mentioned: String) async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let comparison = try await client.execute(uri: "/api/comparisons", method: .post) {
                try TestApp.decode(Comparison.self, $0)
            }
            try await client.execute(
                uri: "/api/comparisons/\(comparison.id)/answer", method: .post,
                headers: [.contentType: "application/json"],
                body: TestApp.json(body)
            ) { response throws in
                #expect(response.status == .badRequest)
                let message = try TestApp.decode(ErrorBody.self, response).error.message
                #expect(message.localizedCaseInsensitiveContains(mentioned), "\(message)")
            }
            try await client.execute(uri: "/api/records/comparisons", method: .get) { response throws in
                #expect(try TestApp.decode(Records.self, response).records.isEmpty)
            }
            // The comparison is still open: a valid answer now succeeds.
            try await client.execute(
                uri: "/api/comparisons/\(comparison.id)/answer", method: .post,
                headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"answer":"higher"}"#)
            ) { #expect($0.status == .ok) }
        }
    }

    @Test(arguments: ["0", "-3", "abc", "10001"])
    func anOutOfRangeLimitIsABadRequest(limit: String) async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/records/comparisons?limit=\(limit)", method: .get) { response throws in
                #expect(response.status == .badRequest)
                #expect(
                    try TestApp.decode(ErrorBody.self, response).error.message.contains(
                        "limit must be an integer from 1 to 10000"))
            }
        }
    }

    @Test func servesTheOpenAPIDocumentAndTheWebApp() async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/openapi.json", method: .get) { response throws in
                #expect(response.status == .ok)
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect((document?["openapi"] as? String)?.hasPrefix("3.") == true)
                let paths = document?["paths"] as? [String: Any]
                let pathNames = Set(paths.map { Array($0.keys) } ?? [])
                #expect(
                    pathNames.isSuperset(of: [
                        "/api/health", "/api/comparisons", "/api/comparisons/{id}/answer", "/api/records/comparisons",
                    ]))
            }
            try await client.execute(uri: "/", method: .get) { response throws in
                #expect(response.status == .ok)
                // The page is a shell: the app (js/app.js) draws every screen into it from its modules.
                let page = String(buffer: response.body)
                #expect(page.contains(#"<main id="app">"#) && page.contains("js/app.js"))
            }
            try await client.execute(uri: "/js/audio/audio.js", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("scheduleComparison"))
            }
        }
    }
}
