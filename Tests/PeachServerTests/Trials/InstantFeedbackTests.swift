import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import PeachCore
@testable import PeachServer

/// A choice's result comes with its trial (`outcomes`), judged as the answer is; the answer's
/// response carries the next trial when asked (`?next=true`).
struct InstantFeedbackTests {
    static func post(_ uri: String, _ body: String, _ client: some TestClientProtocol) async throws -> (
        HTTPResponse.Status, [String: Any]
    ) {
        try await TrialAPITests.post(uri, body, client)
    }

    /// The same JSON, however its keys were ordered.
    static func canonical(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
    }

    @Test(arguments: ["pitchComparison", "chordIntonation"])
    func eachChoiceOfATrialComesJudgedAsItsAnswerIs(discipline: String) async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"\#(discipline)"}"#, client)
            #expect(status == .created)
            let id = try #require(trial["id"] as? String)
            let outcomes = try #require(trial["outcomes"] as? [[String: Any]])
            let answers = outcomes.compactMap { $0["answer"] as? String }
            #expect(
                Set(answers)
                    == (discipline == "pitchComparison" ? ["higher", "lower"] : ["lowest", "middle", "highest"]))
            // Exactly one choice is right.
            #expect(outcomes.filter { ($0["result"] as? [String: Any])?["isCorrect"] as? Bool == true }.count == 1)
            for outcome in outcomes {
                let answer = try #require(outcome["answer"] as? String)
                let (answered, response) = try await Self.post(
                    "/api/trials/\(id)/answer?next=true", #"{"answer":"\#(answer)"}"#, client)
                guard answered == .ok else { continue }
                // The first answer is taken, judged as its outcome said; the next trial comes with it.
                var judged = response
                let next = try #require(judged.removeValue(forKey: "next") as? [String: Any])
                #expect(try Self.canonical(judged) == Self.canonical(try #require(outcome["result"] as? [String: Any])))
                #expect(next["discipline"] as? String == discipline)
                let nextID = try #require(next["id"] as? String)
                #expect(nextID != id)
                #expect(next["outcomes"] is [[String: Any]])
                // The next trial is open for its answer like any other.
                let (nextStatus, nextResult) = try await Self.post(
                    "/api/trials/\(nextID)/answer", #"{"answer":"\#(answer)"}"#, client)
                #expect(nextStatus == .ok)
                #expect(nextResult["next"] == nil)
                return
            }
            Issue.record("no answer was taken")
        }
    }

    @Test func aTrialAnsweredWithAValueComesWithoutOutcomes() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"pitchMatching"}"#, client)
            #expect(status == .created)
            #expect(trial["outcomes"] == nil)
            let id = try #require(trial["id"] as? String)
            let (answered, result) = try await Self.post(
                "/api/trials/\(id)/answer?next=true", #"{"normalizedValue":0.25}"#, client)
            #expect(answered == .ok)
            #expect((result["next"] as? [String: Any])?["discipline"] as? String == "pitchMatching")
        }
    }

    @Test func anAnswerToATrialNeverServedIsRefusedAndStoresNothing() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, _) = try await Self.post(
                "/api/trials/never-served/answer?next=true", #"{"answer":"higher"}"#, client)
            #expect(status == .notFound)
            let records = try await client.execute(uri: "/api/records", method: .get) { response in
                try TestApp.decode(RecordsResponse.self, response).records
            }
            #expect(records.isEmpty)
        }
    }
}
