import Foundation
import Hummingbird
import HummingbirdTesting
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
        try await Application(router: try PeachApp.router(services: services)).test(.router) { client in
            let trial = try await client.execute(
                uri: "/api/trials", method: .post, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"discipline":"pitchComparison"}"#)) { response in
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
}
