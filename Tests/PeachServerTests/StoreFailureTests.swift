import Foundation
import Hummingbird
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer

/// A failing store is a 503 that says the database failed, never what it said: a database's error
/// text names tables, constraints and values (PostgreSQL's reached the client in a 503).
struct StoreFailureTests {
    @Test func anAnswerTheStoreRefusesIsA503WithoutTheStoresWords() async throws {
        let store = InMemoryTrainingDataStore()
        let services = try await AppServices.make(
            store: store, settingsStore: store, environment: .fixed(), logger: Logger(label: "test"))
        try await Application(router: try PeachApp.router(services: services)).test { client in
            let trial = try await client.execute(
                uri: "/api/trials", method: .post, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"discipline":"pitchComparison"}"#)
            ) { response in
                try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            }
            let id = try #require(trial["id"] as? String)
            await store.setFailSaves(true)
            try await client.execute(
                uri: "/api/trials/\(id)/answer", method: .post, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"answer":"higher"}"#)
            ) { response in
                #expect(response.status == .serviceUnavailable)
                let body = String(buffer: response.body)
                #expect(body.contains("not saved"))
                #expect(!body.contains("in-memory store"), "\(body)")
            }
        }
    }

    /// While the store cannot keep an open trial (a full disk), no trial is handed out: 503 with
    /// Retry-After, for one trial and for a reserve, and trials come again once it can.
    @Test func aTrialTheStoreCannotKeepIsRefusedWithRetryAfter() async throws {
        let store = InMemoryTrainingDataStore()
        let services = try await AppServices.make(
            store: store, settingsStore: store, environment: .fixed(), logger: Logger(label: "test"))
        try await Application(router: try PeachApp.router(services: services)).test { client in
            let post = { (uri: String, body: String) in
                try await client.execute(
                    uri: uri, method: .post, headers: [.contentType: "application/json"], body: TestApp.json(body)
                ) { $0 }
            }
            await store.setFailSaves(true)
            for (uri, body) in [
                ("/api/trials", #"{"discipline":"pitchComparison"}"#),
                ("/api/trials/reserve", #"{"discipline":"pitchComparison","count":5}"#),
                ("/api/comparisons", ""),
            ] {
                let response = try await post(uri, body)
                #expect(response.status == .serviceUnavailable, "\(uri)")
                #expect(response.headers[.retryAfter] == "5", "\(uri)")
                let text = String(buffer: response.body)
                #expect(text.contains("no trial was handed out") && !text.contains("in-memory store"), "\(text)")
            }
            await store.setFailSaves(false)
            let trial = try await post("/api/trials", #"{"discipline":"pitchComparison"}"#)
            #expect(trial.status == .created)
            let id =
                try #require(try JSONSerialization.jsonObject(with: Data(buffer: trial.body)) as? [String: Any])["id"]
                as? String
            #expect(try await post("/api/trials/\(id ?? "")/answer", #"{"answer":"higher"}"#).status == .ok)
        }
    }
}
